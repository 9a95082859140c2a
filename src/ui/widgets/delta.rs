//! A counter's change, seen: `<Delta value={n} />` renders nothing at first, then "+2" or "−1"
//! for a moment (CSS fades it out in about 600 ms; static under reduced motion) each time the
//! value it watches changes. Decorative: the number beside it and the live region say the rest.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub value: i64,
}

#[function_component(Delta)]
pub fn delta(p: &Props) -> Html {
    // (the value last seen, the last change, how many changes so far)
    let seen = use_mut_ref(|| (p.value, 0i64, 0u32));
    let (change, n) = {
        let mut s = seen.borrow_mut();
        if s.0 != p.value {
            *s = (p.value, p.value - s.0, s.2 + 1);
        }
        (s.1, s.2)
    };
    if change == 0 {
        return html! {};
    }
    let text = if change > 0 {
        format!("+{change}")
    } else {
        format!("−{}", change.unsigned_abs())
    };
    html! {
        <span key={n.to_string()} class={classes!("delta", if change > 0 { "up" } else { "down" })} aria-hidden="true">{ text }</span>
    }
}
