//! The character sheet: who you are, the ability-use bar (uses = the level, p. 16), and the
//! abilities as rules text (their buttons are on the tray; responses are offered when they
//! trigger).

use crate::engine::words;
use crate::markup;
use crate::records::markup::Markup;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{sentence, term, term_markup, Db};
use crate::ui::widgets::icon::{emblem_markup, ArtKind};
use crate::ui::widgets::markup::show;
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
    // What changes only with the character (markup: text costs the first download far less
    // than element-by-element code, and Yew leaves it as it is while it is unchanged): the
    // head and motto, then the abilities and the side's flavour.
    let head = markup!(
        "<div class=\"card-head\"><div class=\"art-band\">{}</div><h2 id=\"char-h\" class=\"sheet-title\">\
         {} the {}</h2></div><p class=\"motto\">“{}”</p>",
        emblem_markup(ArtKind::Character, &c.id, None),
        c.adventurer(s.side).unwrap_or(""),
        c.name,
        c.motto
    );
    let mut abilities = Markup::lit("<ul class=\"abilities\">");
    for (i, ab) in c.abilities.iter().enumerate() {
        let rules = match (&ab.action, &ab.response) {
            (Some(d), _) => format!("Action: {}", sentence(&words::action_def(db, d))),
            (None, Some(r)) => format!("Response: {}", words::response(db, r)),
            _ => String::new(),
        };
        markup!(
            abilities,
            "<li class=\"ability\"><strong>{}</strong><span class=\"tag\">{}</span>\
             <p class=\"card-text\">{}</p><p class=\"rules-text small\">{}</p></li>",
            ab.name,
            if ab.action.is_some() {
                Markup::lit("Action")
            } else {
                term_markup("response", "Response", &format!("-c{i}"))
            },
            ab.text,
            rules
        );
    }
    abilities.lit_push("</ul>");
    if let Some(x) = c.sides.get(s.side as usize) {
        markup!(abilities, "<p class=\"flavour\">{}</p>", x.flavour);
    }
    let max = 4u8;
    html! {
        <section class="panel sheet character-sheet" aria-labelledby="char-h">
            { show(head) }
            <div class="uses">
                <span>{ term("ability", "Ability uses", "-c") }{ format!(": {} left (level {} gives {})", s.uses, s.level, s.level) }</span>
                <span class="use-bar" aria-hidden="true">
                    { for (1..=max).map(|i| if i > s.level {
                        html! { <span class="use-slot locked"></span> }
                    } else if i <= s.uses {
                        html! { <span class="use-slot on"></span> }
                    } else {
                        html! { <span class="use-slot"></span> }
                    }) }
                </span>
            </div>
            { show(abilities) }
        </section>
    }
}
