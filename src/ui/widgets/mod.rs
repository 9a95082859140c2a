//! Small building blocks shared by the screens, sheets and panels: action buttons, tooltips and
//! glossary terms (`controls`), icons and card art (`icon`).

pub mod controls;
pub mod icon;
