//! Our own art, drawn by `scripts/make-art.py` into SVG sprite sheets under `static/art/`
//! (copied to `dist/art/` by Trunk) and shown with `<svg><use href="art/….svg#id"/></svg>`:
//!
//! - [`Icon`]: a resource or tracker icon, e.g. `<Icon kind={IconKind::Food} />`. It always has
//!   a text alternative (the resource's name unless `label` says otherwise); `decorative`
//!   hides it from assistive technology where the same words are written beside it.
//! - [`Amount`]: icon + number, read as "3 Food" (costs, gains, supplies).
//! - [`Emblem`]: the art of a monster, character or weapon card by its content id, e.g.
//!   `<Emblem kind={ArtKind::Monster} id="kobold" label="Kobold" />`.
//!
//! Paths are relative to the page, so the app works under any sub-path. The icon and character
//! sheets are fetched by the first screen; the monster and weapon sheets when first shown. The
//! service worker caches all four (index.html names them in `<meta name="unbroken-art">`).
//! Sizes and colours come from CSS (`static/art.css`): `.icon` is 1.25em square and takes its
//! colours from the drawing; `.emblem` fills its box, body in `currentColor`, details in
//! `--art-accent`, `--art-eye` and `--art-cut`.

use crate::engine::res::Res;
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

    /// The symbol's id in the sprite sheet.
    pub fn id(self) -> &'static str {
        match self {
            IconKind::Small => "small",
            IconKind::Medium => "medium",
            IconKind::Large => "large",
            IconKind::Cunning => "cunning",
            IconKind::Food => "food",
            IconKind::Wood => "wood",
            IconKind::Metal => "metal",
            IconKind::Treasure => "treasure",
            IconKind::Time => "time",
            IconKind::Armor => "armor",
            IconKind::Health => "health",
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

/// Where a sheet lives, relative to the page.
const ICONS: &str = "art/icons.svg";

#[derive(Properties, PartialEq)]
pub struct IconProps {
    pub kind: IconKind,
    /// The text alternative; the resource's name when not given.
    #[prop_or_default]
    pub label: Option<AttrValue>,
    /// The same words are written beside the icon: hide it from assistive technology.
    #[prop_or_default]
    pub decorative: bool,
    /// Extra classes (e.g. a size).
    #[prop_or_default]
    pub class: Classes,
}

/// A resource or tracker icon.
#[function_component(Icon)]
pub fn icon(p: &IconProps) -> Html {
    let label = p
        .label
        .clone()
        .unwrap_or_else(|| AttrValue::Static(p.kind.name()));
    art(
        classes!("icon", format!("icon-{}", p.kind.id()), p.class.clone()),
        format!("{ICONS}#{}", p.kind.id()),
        "0 0 24 24",
        (!p.decorative).then_some(label),
    )
}

#[derive(Properties, PartialEq)]
pub struct AmountProps {
    pub kind: IconKind,
    pub n: i64,
    /// Show a sign (`+2`, `−1`), for gains and costs.
    #[prop_or_default]
    pub signed: bool,
    #[prop_or_default]
    pub class: Classes,
}

/// An icon and its number, read as one phrase ("3 Food", "+2 Wood").
#[function_component(Amount)]
pub fn amount(p: &AmountProps) -> Html {
    let num = match (p.signed, p.n) {
        (true, n) if n > 0 => format!("+{n}"),
        (true, n) if n < 0 => format!("−{}", n.unsigned_abs()),
        (_, n) => n.to_string(),
    };
    html! {
        <span class={classes!("amount", p.class.clone())}>
            <Icon kind={p.kind} decorative=true />
            <span class="amount-n">{ num }</span>
            <span class="visually-hidden">{ format!(" {}", p.kind.name()) }</span>
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

impl ArtKind {
    fn sheet(self) -> &'static str {
        match self {
            ArtKind::Monster => "art/monsters.svg",
            ArtKind::Character => "art/characters.svg",
            ArtKind::Weapon => "art/weapons.svg",
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct EmblemProps {
    pub kind: ArtKind,
    /// The card's content id (`kobold`, `sage`, `bare_hands`).
    pub id: AttrValue,
    /// The text alternative (usually the card's name). Leave empty when the name is written
    /// beside the art: it is then decorative.
    #[prop_or_default]
    pub label: Option<AttrValue>,
    #[prop_or_default]
    pub class: Classes,
}

/// The art of a monster, character or weapon card.
#[function_component(Emblem)]
pub fn emblem(p: &EmblemProps) -> Html {
    let label = p.label.clone().filter(|l| !l.is_empty());
    art(
        classes!("emblem", p.class.clone()),
        format!("{}#{}", p.kind.sheet(), p.id),
        "0 0 64 64",
        label,
    )
}

/// One `<svg>` showing a symbol of a sheet; `label` None makes it decorative.
fn art(class: Classes, href: String, view_box: &'static str, label: Option<AttrValue>) -> Html {
    let hidden = label.is_none().then_some("true");
    let role = label.is_some().then_some("img");
    html! {
        <svg {class} viewBox={view_box} focusable="false" aria-hidden={hidden} {role} aria-label={label}>
            <use href={href} />
        </svg>
    }
}
