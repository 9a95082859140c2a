//! Small building blocks shared by the screens, sheets and panels: action buttons, tooltips and
//! glossary terms (`controls`), a counter's change (`delta`), icons and card art (`icon`).

pub mod controls;
pub mod delta;
pub mod icon;
