//! The character sheet: who you are, the ability-use bar (uses = the level, p. 16), and the
//! abilities as rules text (their buttons are on the tray; responses are offered when they
//! trigger).

use crate::engine::words;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{sentence, term, Db};
use crate::ui::widgets::icon::{emblem, ArtKind};
use yew::prelude::*;

/// What the sheet shows (compared: the sheet is drawn again only when one of these changed).
#[derive(PartialEq)]
pub struct Props {
    pub db: Db,
    pub character: u16,
    pub side: u8,
    pub uses: u8,
    pub level: u8,
}

impl Props {
    pub fn of(v: &View) -> Props {
        let s = v.s();
        Props {
            db: Db(v.game.db_arc()),
            character: s.character,
            side: s.setup.side,
            uses: s.uses,
            level: s.level,
        }
    }
}

pub fn character_sheet(p: &Props) -> Html {
    let db = &p.db.0;
    let s = p;
    let Some(c) = db.character(s.character) else {
        return html! {};
    };
    let side = c.sides.get(s.side as usize);
    let abilities = c.abilities.iter().enumerate().map(|(i, ab)| {
        let rules = match (&ab.action, &ab.response) {
            (Some(d), _) => format!("Action: {}", sentence(&words::action_def(db, d))),
            (None, Some(r)) => format!("Response: {}", words::response(db, r)),
            _ => String::new(),
        };
        html! {
            <li class="ability">
                <strong>{ ab.name.clone() }</strong>
                <span class="tag">{ if ab.action.is_some() { html! { "Action" } } else { term("response", "Response", &format!("-c{i}")) } }</span>
                <p class="card-text">{ ab.text.clone() }</p>
                <p class="rules-text small">{ rules }</p>
            </li>
        }
    });
    let max = 4u8;
    html! {
        <section class="panel sheet character-sheet" aria-labelledby="char-h">
            <div class="card-head">
                <div class="art-band">{ emblem(ArtKind::Character, &c.id, None) }</div>
                <h2 id="char-h" class="sheet-title">{ format!("{} the {}", c.adventurer(s.side).unwrap_or(""), c.name) }</h2>
            </div>
            <p class="motto">{ format!("“{}”", c.motto) }</p>
            <div class="uses">
                <span>{ term("ability", "Ability uses", "-c") }{ format!(": {} left (level {} gives {})", s.uses, s.level, s.level) }</span>
                <span class="use-bar" aria-hidden="true">
                    { for (1..=max).map(|i| html! { <span class={if i > s.level { "use-slot locked" } else if i <= s.uses { "use-slot on" } else { "use-slot" }}></span> }) }
                </span>
            </div>
            <ul class="abilities">{ for abilities }</ul>
            if let Some(x) = side { <p class="flavour">{ x.flavour.clone() }</p> }
        </section>
    }
}
