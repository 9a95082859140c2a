//! Our own art, drawn by `scripts/make-art.py` into SVG sprite sheets under `static/art/`
//! (copied to `dist/art/` by Trunk), copied into the page by `static/boot.js` (an
//! `<svg id="art-sheets">` in `<head>`) and shown with `<svg><use href="#art-id"/></svg>`. A `<use>` of the
//! sheet's file made the browser fetch and parse the whole sheet again for every drawing a move
//! added; a reference inside the page costs nothing more than the drawing:
//!
//! - [`icon`]`(IconKind::Food)`: a resource or tracker icon with its text alternative (the
//!   resource's name); [`icon_labelled`] with other words; [`icon_decorative`] hidden from
//!   assistive technology where the same words are written beside it.
//! - [`amount`]`(IconKind::Food, 3)`: icon + number, read as "3 Food" (costs, supplies);
//!   [`amount_signed`] writes "+2" / "−1" (gains, losses).
//! - [`emblem`]`(ArtKind::Monster, "kobold", Some("Kobold"))`: the art of a monster, character
//!   or weapon card by its content id (`None`: decorative, the name is written beside it).
//!
//! Plain functions returning `Html` (each Yew component type costs the first download some
//! wasm, and these have no state); the same as components for `html!` at the end of the file:
//! `<Icon kind={IconKind::Food} />`, `<Amount kind={IconKind::Wood} n={2} signed=true />`,
//! `<Emblem kind={ArtKind::Monster} id="kobold" label="Kobold" />`.
//!
//! boot.js fetches the character sheet with the first screen, and each other sheet when the app
//! first draws one of its drawings ([`need`]). The service worker caches all four (index.html
//! names them in `<meta name="unbroken-art">`).
//! Sizes and colours come from CSS (`static/screens.css`): `.icon` is 1.25em square and takes its
//! colours from the drawing; `.emblem` fills its box, body in `currentColor`, details in
//! `--art-accent`, `--art-eye` and `--art-cut`.

use crate::engine::res::Res;
use crate::records::markup::Markup;
use crate::ui::widgets::markup::show;
use yew::prelude::*;

/// The resource and tracker icons (`static/art/icons.svg`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IconKind {
    Small,
    Medium,
    Large,
    Cunning,
    Food,
    Wood,
    Metal,
    Treasure,
    Time,
    Armor,
    Health,
}

impl IconKind {
    /// Every icon, in the tracker's order.
    pub const ALL: [IconKind; 11] = [
        IconKind::Small,
        IconKind::Medium,
        IconKind::Large,
        IconKind::Cunning,
        IconKind::Food,
        IconKind::Wood,
        IconKind::Metal,
        IconKind::Treasure,
        IconKind::Time,
        IconKind::Armor,
        IconKind::Health,
    ];

    /// The symbol's name in the sprite sheet (its id there is `art-` and the name), as the
    /// HUD's class `stat-…` uses it.
    pub fn id(self) -> &'static str {
        let href = self.href();
        href.strip_prefix("#art-").unwrap_or(href)
    }

    /// The reference to the symbol in the page: `#art-` and [`IconKind::id`], written out once
    /// here so that drawing an icon allocates nothing.
    fn href(self) -> &'static str {
        match self {
            IconKind::Small => "#art-small",
            IconKind::Medium => "#art-medium",
            IconKind::Large => "#art-large",
            IconKind::Cunning => "#art-cunning",
            IconKind::Food => "#art-food",
            IconKind::Wood => "#art-wood",
            IconKind::Metal => "#art-metal",
            IconKind::Treasure => "#art-treasure",
            IconKind::Time => "#art-time",
            IconKind::Armor => "#art-armor",
            IconKind::Health => "#art-health",
        }
    }

    /// The name players read (the default text alternative).
    pub fn name(self) -> &'static str {
        match self {
            IconKind::Small => "Small Effort",
            IconKind::Medium => "Medium Effort",
            IconKind::Large => "Large Effort",
            IconKind::Cunning => "Cunning",
            IconKind::Food => "Food",
            IconKind::Wood => "Wood",
            IconKind::Metal => "Metal",
            IconKind::Treasure => "Treasure",
            IconKind::Time => "Time",
            IconKind::Armor => "Armor",
            IconKind::Health => "Health",
        }
    }

    /// The icon of an engine resource.
    pub fn of(r: Res) -> IconKind {
        match r {
            Res::Small => IconKind::Small,
            Res::Medium => IconKind::Medium,
            Res::Large => IconKind::Large,
            Res::Cunning => IconKind::Cunning,
            Res::Food => IconKind::Food,
            Res::Wood => IconKind::Wood,
            Res::Metal => IconKind::Metal,
            Res::Treasure => IconKind::Treasure,
            Res::Time => IconKind::Time,
        }
    }
}

impl From<Res> for IconKind {
    fn from(r: Res) -> Self {
        IconKind::of(r)
    }
}

/// A resource or tracker icon, read as the resource's name.
pub fn icon(kind: IconKind) -> Html {
    icon_labelled(kind, kind.name())
}

/// A resource or tracker icon with its own text alternative.
pub fn icon_labelled(kind: IconKind, label: &str) -> Html {
    icon_art(kind, Some(label))
}

/// A resource or tracker icon hidden from assistive technology (its words are beside it).
pub fn icon_decorative(kind: IconKind) -> Html {
    icon_art(kind, None)
}

fn icon_art(kind: IconKind, label: Option<&str>) -> Html {
    need(Sheet::Icons);
    let hidden = label.is_none().then_some("true");
    let role = label.is_some().then_some("img");
    let label = label.map(|l| AttrValue::from(l.to_string()));
    html! {
        <svg class="icon" viewBox="0 0 24 24" focusable="false" aria-hidden={hidden} {role} aria-label={label}>
            <use href={kind.href()} />
        </svg>
    }
}

/// An icon and its number, read as one phrase ("3 Food").
pub fn amount(kind: IconKind, n: i64) -> Html {
    amount_text(kind, n.to_string())
}

/// An icon and a signed number ("+2 Wood", "−1 Food"), for gains and losses.
pub fn amount_signed(kind: IconKind, n: i64) -> Html {
    let num = match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", n.unsigned_abs()),
        _ => "0".to_string(),
    };
    amount_text(kind, num)
}

/// The number is the flex box's own text (an anonymous item, laid out as an element would be):
/// an amount is drawn on most moves (previews, cards), and every element a move creates costs
/// it building, styling and layout.
fn amount_text(kind: IconKind, num: String) -> Html {
    html! {
        <span class="amount">
            { icon_decorative(kind) }
            { num }
            <span class="visually-hidden">{ format!(" {}", kind.name()) }</span>
        </span>
    }
}

/// The sheets of card art (`static/art/<kind>.svg`, one symbol per content id).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArtKind {
    Monster,
    Character,
    Weapon,
}

/// The sprite sheets (`static/art/<name>.svg`).
#[derive(Clone, Copy)]
pub enum Sheet {
    Monsters,
    Characters,
    Weapons,
    Icons,
}

impl From<ArtKind> for Sheet {
    fn from(kind: ArtKind) -> Sheet {
        match kind {
            ArtKind::Monster => Sheet::Monsters,
            ArtKind::Character => Sheet::Characters,
            ArtKind::Weapon => Sheet::Weapons,
        }
    }
}

/// Asks boot.js for a sheet's symbols (`window.unbrokenArt`), once: a drawing whose symbol is
/// not in the page yet shows as soon as it arrives. The drawing functions here call it; a view
/// written as text with icons the table may not have drawn before it (the end screen's score
/// table, written by the records module) calls it itself.
pub fn need(sheet: Sheet) {
    thread_local!(static ASKED: std::cell::Cell<u8> = const { std::cell::Cell::new(0) });
    let bit = 1 << sheet as u8;
    if ASKED.with(|a| a.replace(a.get() | bit)) & bit == 0 {
        let _ = unbroken_art(sheet_name(sheet), false);
    }
}

/// Asks boot.js for a sheet's symbols ahead of their first drawing, once the browser is idle: a
/// drawing that a move adds then shows at once, and the sheet is not fetched and parsed in the
/// middle of that move.
pub fn prefetch(sheet: Sheet) {
    let _ = unbroken_art(sheet_name(sheet), true);
}

fn sheet_name(sheet: Sheet) -> &'static str {
    match sheet {
        Sheet::Monsters => "monsters",
        Sheet::Characters => "characters",
        Sheet::Weapons => "weapons",
        Sheet::Icons => "icons",
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// static/boot.js: copies a sheet's symbols into the page, `soon`: once the browser is idle
    /// (an error when boot.js is missing: the drawings then stay empty, the game plays on).
    #[wasm_bindgen(js_namespace = window, js_name = unbrokenArt, catch)]
    fn unbroken_art(sheet: &str, soon: bool) -> Result<(), wasm_bindgen::JsValue>;
}

/// The art of a monster, character or weapon card by its content id (`kobold`, `sage`,
/// `bare_hands`); `label` is its text alternative (usually the card's name), `None` when the
/// name is written beside it. Drawn as [`emblem_markup`]: a card's art changes only with the
/// card, so Yew keeps the raw node and does no DOM work while it stays.
pub fn emblem(kind: ArtKind, id: &str, label: Option<&str>) -> Html {
    show(emblem_markup(kind, id, label))
}

/// [`emblem`] as [`Markup`], for views written as text.
pub fn emblem_markup(kind: ArtKind, id: &str, label: Option<&str>) -> Markup {
    need(kind.into());
    match label.filter(|l| !l.is_empty()) {
        Some(l) => crate::markup!(
            "<svg class=\"emblem\" viewBox=\"0 0 64 64\" focusable=\"false\" role=\"img\" \
             aria-label=\"{}\"><use href=\"#art-{}\"/></svg>",
            l,
            id
        ),
        None => crate::markup!(
            "<svg class=\"emblem\" viewBox=\"0 0 64 64\" focusable=\"false\" \
             aria-hidden=\"true\"><use href=\"#art-{}\"/></svg>",
            id
        ),
    }
}

// ---- The same as components, for `html!` (`<Icon kind={IconKind::Food} />`). Each component
// type costs the first download some wasm; the functions above cost less.

#[derive(Properties, PartialEq)]
pub struct IconProps {
    pub kind: IconKind,
    /// The text alternative; the resource's name when not given.
    #[prop_or_default]
    pub label: Option<AttrValue>,
    /// The same words are written beside the icon: hide it from assistive technology.
    #[prop_or_default]
    pub decorative: bool,
}

/// A resource or tracker icon: [`icon`], [`icon_labelled`] or [`icon_decorative`].
#[function_component(Icon)]
pub fn icon_component(p: &IconProps) -> Html {
    match (&p.label, p.decorative) {
        (_, true) => icon_decorative(p.kind),
        (Some(l), false) => icon_labelled(p.kind, l),
        (None, false) => icon(p.kind),
    }
}

#[derive(Properties, PartialEq)]
pub struct AmountProps {
    pub kind: IconKind,
    pub n: i64,
    /// Show a sign (`+2`, `−1`), for gains and losses.
    #[prop_or_default]
    pub signed: bool,
}

/// An icon and its number: [`amount`] or [`amount_signed`].
#[function_component(Amount)]
pub fn amount_component(p: &AmountProps) -> Html {
    if p.signed {
        amount_signed(p.kind, p.n)
    } else {
        amount(p.kind, p.n)
    }
}

#[derive(Properties, PartialEq)]
pub struct EmblemProps {
    pub kind: ArtKind,
    /// The card's content id (`kobold`, `sage`, `bare_hands`).
    pub id: AttrValue,
    /// The text alternative (usually the card's name); none: decorative (the name is beside it).
    #[prop_or_default]
    pub label: Option<AttrValue>,
}

/// The art of a card: [`emblem`].
#[function_component(Emblem)]
pub fn emblem_component(p: &EmblemProps) -> Html {
    emblem(p.kind, &p.id, p.label.as_deref())
}
