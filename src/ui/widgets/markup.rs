//! The one way markup built outside `html!` enters the page's tree: [`Markup`], which only
//! escaped text, literals of this crate's source or other `Markup` can make, so escaping holds
//! by construction. The title and end screens write their cards and head as
//! `Markup` because text costs the first download far less wasm than `html!`.

use crate::records::markup::Markup;
use yew::{AttrValue, Html};

/// `m` as a node of the page (Yew keeps it as one raw node: wrap it in one element).
pub fn show(m: Markup) -> Html {
    Html::from_html_unchecked(AttrValue::from(m.into_string()))
}
