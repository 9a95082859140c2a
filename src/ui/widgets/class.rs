//! Classes that change with the state, without Yew's `Classes`. `html!` turns every
//! non-literal `class={…}` into `Classes`, a hashed set of names built at each render, whose code
//! cost the first download about 4 KB gzip over the views' few dozen such elements.
//!
//! An element with two or three looks is written once per look, each with its literal
//! `class="…"` (its content built once beside them); a literal class costs nothing. An element
//! whose class is composed (`stat stat-food`) or chosen among many is built by `html!` and given
//! its class by [`classed`]. The class stays an attribute, not the DOM's `className` property:
//! Yew then diffs it against whatever element it reuses in that place, however that one's class
//! was written. tests/view_classes.rs keeps `classes!` and non-literal `class={…}` out.

use yew::virtual_dom::{AttributeOrProperty, Attributes, VNode};
use yew::{AttrValue, Html};

/// `el`, one element just built by `html!`, with the classes `class` (names separated by single
/// spaces; no `class` attribute when empty). `el` is written either with no attribute at all,
/// or with its base class as a literal `class="…"` beside at least one attribute whose value is
/// not literal: `html!` then keeps the attributes in a list of changing values, and the base
/// class is replaced there.
pub fn classed(class: impl Into<AttrValue>, el: Html) -> Html {
    set(class.into(), el)
}

/// The attribute list of an element whose only attribute is its class (one address: Yew
/// compares two renders' lists by it before it compares their values).
static CLASS_ONLY: [&str; 1] = ["class"];

fn set(class: AttrValue, mut el: Html) -> Html {
    let value = (!class.is_empty()).then(|| AttributeOrProperty::Attribute(class));
    // `html!` has just built the element: nothing else holds it yet.
    if let Some(tag) = match &mut el {
        VNode::VTag(tag) => std::rc::Rc::get_mut(tag),
        _ => None,
    } {
        match &mut tag.attributes {
            Attributes::Static([]) => {
                tag.attributes = Attributes::Dynamic {
                    keys: &CLASS_ONLY,
                    values: Box::new([value]),
                };
            }
            Attributes::Dynamic { keys, values } => {
                if let Some(i) = keys.iter().position(|k| *k == "class") {
                    values[i] = value;
                } else {
                    debug_assert!(false, "classed: no base class to replace");
                }
            }
            _ => debug_assert!(false, "classed: attributes all literal, class among them"),
        }
    }
    el
}
