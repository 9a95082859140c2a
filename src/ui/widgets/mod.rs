//! Small building blocks shared by the screens, sheets and panels: action buttons, tooltips and
//! glossary terms (`controls`), icons and card art (`icon`), the cards' flavour lines (`words`).

pub mod controls;
pub mod icon;
pub mod words;
