//! Small building blocks shared by the screens, sheets and panels: icons and card art (`icon`).

pub mod icon;
