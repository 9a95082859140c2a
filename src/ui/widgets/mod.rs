//! Small building blocks shared by the screens, sheets and panels: action buttons, tooltips and
//! glossary terms (`controls`), icons and card art (`icon`), and markup written as text
//! (`markup`).

pub mod controls;
pub mod icon;
pub mod markup;
