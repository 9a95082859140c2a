//! Small building blocks shared by the screens, sheets and panels: action buttons, tooltips and
//! glossary terms (`controls`), icons and card art (`icon`), markup written as text (`markup`),
//! the cards' flavour lines and the lesson's words, which come when a game is first on the table
//! (`words_file`), and the classes of elements whose classes change (`class`).

pub mod class;
pub mod controls;
pub mod icon;
pub mod markup;
pub mod words_file;
