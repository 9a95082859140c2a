//! The action tray: every control of the current decision that is not
//! one of the prompt's own cards — the Decision Step's Explore / Face the monster, the Actions
//! Guide's actions, crafting, the weapon's attacks, abilities, skill and monster actions, Skip —
//! each with the engine's preview of its certain result ("−1 Small Effort, Armor 3 → 1"), and a
//! confirmation before a choice that ends the game at once.
//!
//! Only what the rules allow now is shown (the sheets around the table say what each action
//! would cost); the two choices of the Decision Step stay shown, with the rule's reason, so a
//! player always sees the way on. Previews come from `engine::preview`: no rule is copied here.

use crate::engine::res::Res;
use crate::engine::{self, Action, Outcome, Pending};
use crate::ui::choices::{group, in_tray};
use crate::ui::panels::decision::{self, Decision};
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{action_id, Glossary};
use crate::ui::widgets::icon::{amount_signed, IconKind};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub view: View,
    pub on_act: Callback<Action>,
    /// The bot's move when a hint for this position is on screen: never folded away.
    #[prop_or_default]
    pub hinted: Option<Action>,
}

/// The glossary definition a tray control carries as its tooltip, if its word has one (from the
/// words file: the tray is drawn again when it comes, its view being new).
pub fn help(v: &View, a: &Action) -> Option<String> {
    let id = match a {
        Action::Scout => "scout",
        Action::Skip => "skip",
        Action::Craft(_) => "craft",
        Action::General(i) => match v.db().params.general_actions.get(*i as usize) {
            Some(g) if g.name == "Focus" => "focus",
            Some(g) if g.name == "Inspiration" => "inspiration",
            Some(g) if g.name == "Plan" => "plan",
            Some(g) if g.name == "Orienteer" => "orienteer",
            _ => return None,
        },
        _ => return None,
    };
    Glossary::get(id).map(|(_, d)| d).filter(|d| !d.is_empty())
}

/// The certain result of `a`, as icon + signed number per change; `None` when the rules refuse
/// it or nothing certain changes.
pub fn preview_line(v: &View, a: &Action) -> Option<(Html, bool)> {
    let p = engine::preview(&v.game, a).ok()?;
    let s = v.s();
    let mut parts: Vec<Html> = Vec::new();
    for r in Res::ALL {
        if r == Res::Time {
            continue;
        }
        let d = p.stock.get(r) as i64 - s.stock.get(r) as i64;
        if d != 0 {
            parts.push(amount_signed(IconKind::of(r), d));
        }
    }
    let dt = p.time as i64 - s.time as i64;
    if dt != 0 && !s.time_removed {
        parts.push(amount_signed(IconKind::Time, dt));
    }
    if let (Some(now), Some(after)) = (&s.monster, &p.monster) {
        if after.armor != now.armor {
            parts.push(html! { <span class="pv-track">{ format!("Armor {} → {}", now.armor, after.armor) }</span> });
        }
        if after.health != now.health {
            parts.push(html! { <span class="pv-track">{ format!("Health {} → {}", now.health, after.health) }</span> });
        }
    }
    if p.weapon != s.weapons.last().copied() {
        if let Some(w) = p.weapon.and_then(|w| v.db().weapon(w)) {
            parts.push(html! { <span class="pv-track">{ format!("→ {}", w.name) }</span> });
        }
    }
    // p. 10: a higher Effort pays for a lower one, no change given; said before it is paid.
    for up in &p.paid_up {
        parts.push(html! { <span class="pv-note">{ format!("{} paid with {}", up.asked.describe(), up.paid.describe()) }</span> });
    }
    if p.passed > 0 && !parts.is_empty() {
        // p. 12: the figures pass the player's own response windows unused; each response in
        // its window has a preview of its own.
        parts.push(html! { <span class="pv-note">{ "if you use no response" }</span> });
    }
    if p.attack_ignored() {
        parts.push(
            html! { <strong class="pv-note">{ "DEFEND: this attack will be ignored" }</strong> },
        );
    }
    // Threats named before they happen (p. 21, p. 24): Time run out means an ambush.
    if let Some(line) = ambush_line(v, a) {
        parts.push(html! { <strong class="pv-ambush">{ line }</strong> });
    }
    let ends = matches!(p.ends_game, Some(Outcome::Defeat { .. }));
    match &p.ends_game {
        Some(Outcome::Defeat { .. }) => {
            parts.push(html! { <strong class="pv-end">{ "Ends the game: defeat" }</strong> })
        }
        Some(Outcome::Victory { .. }) => {
            parts.push(html! { <strong class="pv-win">{ "Wins the game" }</strong> })
        }
        None => {}
    }
    if p.chance && !matches!(a, Action::Explore | Action::Confront) {
        // The engine says which chance cut the preview: the monster's roll (p. 28) or another.
        let then = if p.monster_rolls() {
            "then the monster rolls"
        } else {
            "then chance decides"
        };
        parts.push(html! { <span class="pv-chance">{ then }</span> });
    }
    if parts.is_empty() {
        return None;
    }
    Some((html! { <>{ for parts }</> }, ends))
}

/// The ambush `a` will or may bring, in words (exploring: what the next cards risk).
pub fn ambush_line(v: &View, a: &Action) -> Option<String> {
    if *a == Action::Explore {
        let l = engine::threats::explore(v.s(), v.db())?;
        return Some(engine::words::threats::explore(l, v.s().time));
    }
    let t = engine::threats::ambush(&v.game, a)?;
    Some(engine::words::threats::ambush(v.db(), &t))
}

/// The tile a long decision's trailing groups fold into (`crate::ui::choices::fold_from`): it
/// names them and their count, carries the number of the first folded choice (its digit opens
/// the fold, as a click does) and how many it holds (`data-held`), and opens them in place for this decision; focus then goes to the
/// first of them.
fn more_tile(folded: &[(&'static str, Vec<Action>)], n: Option<usize>, open: Callback<()>) -> Html {
    let what = folded
        .iter()
        .map(|(name, list)| format!("{name} {}", list.len()))
        .collect::<Vec<_>>()
        .join(" · ");
    // How many choices it holds (their numbers follow its own): the keys take them by digit.
    let held: usize = folded.iter().map(|(_, list)| list.len()).sum();
    let key = n.and_then(crate::ui::hooks::keys::choice_key);
    let shortcut = key.as_ref().map(|k| match k.strip_prefix('⇧') {
        Some(d) => format!("Shift+{d}"),
        None => k.clone(),
    });
    let onclick = Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        open.emit(());
    });
    html! {
        <div class="tray-group tray-more" role="group" aria-label="More actions" key="more">
            <div class="decision more">
                <span class="ctl">
                    <button type="button" class="act small" id="tray-more" aria-expanded="false"
                        aria-describedby="tray-more-pv" data-choice={n.map(|n| n.to_string())}
                        data-held={held.to_string()}
                        tabindex="-1" aria-keyshortcuts={shortcut} {onclick}>
                        if let Some(k) = &key { <kbd class="choice-n" aria-hidden="true">{ k.clone() }</kbd> }
                        { "More actions" }
                        <span class="more-arrow" aria-hidden="true">{ " ▸" }</span>
                    </button>
                </span>
                <span class="pv" id="tray-more-pv">{ what }</span>
            </div>
        </div>
    }
}

/// Whether a control of the tray lies below what the stage shows when scrolled to its top (or
/// below the screen).
fn tray_overflows() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let Some(doc) = w.document() else {
        return false;
    };
    let Some(stage) = doc.get_element_by_id("stage") else {
        return false;
    };
    let vh = w
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(f64::MAX);
    let bottom = stage.get_bounding_client_rect().bottom().min(vh) - f64::from(stage.scroll_top());
    let Ok(list) = doc.query_selector_all("#stage .tray button.act") else {
        return false;
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
        .any(|b| b.get_bounding_client_rect().bottom() > bottom + 1.0)
}

/// The tray itself: the offered actions, grouped, each with its preview; a long decision's
/// trailing groups folded behind one tile until it is opened.
#[function_component(Tray)]
pub fn tray(p: &Props) -> Html {
    let v = &p.view;
    let s = v.s();
    // The decision (the moves made so far: a hint arriving redraws the position, it is the same
    // decision) whose folded groups the player opened.
    let decision = (v.game.log().len(), v.game.log().last().copied());
    let opened = use_state_eq(|| None::<(usize, Option<Action>)>);
    let open = *opened == Some(decision);
    // The decision the table measured too long for the screen (its tray then folds more).
    let tight_at = use_state_eq(|| None::<(usize, Option<Action>)>);
    let tight = *tight_at == Some(decision);
    let offered: Vec<Action> = v
        .candidates()
        .iter()
        .filter(|a| in_tray(a) && v.status(a).is_ok())
        .copied()
        .collect();
    // In the tray's group order (a filter per group: no sort code in the download).
    let acts = (0..6u8).flat_map(|g| offered.iter().filter(move |a| group(a).0 == g).copied());
    let decide = matches!(s.pending, Pending::Prepare);
    let mut groups: Vec<(&'static str, Vec<Action>)> = Vec::new();
    for a in acts {
        let g = group(&a).1;
        match groups.last_mut() {
            Some((name, list)) if *name == g => list.push(a),
            _ => groups.push((g, vec![a])),
        }
    }
    // A long decision folds its trailing groups (never the lesson's move).
    let sizes: Vec<(u8, usize)> = groups
        .iter()
        .filter_map(|(_, l)| l.first().map(|a| (group(a).0, l.len())))
        .collect();
    let fold_at = |tight: bool| {
        crate::ui::choices::fold_from(
            matches!(s.pending, Pending::Battle { .. }),
            if decide { 2 } else { 0 },
            &sizes,
            tight,
        )
        .filter(|g| v.only.is_none_or(|o| group(&o).0 < *g))
    };
    let fold = fold_at(tight);
    // Measured after drawing: when a control of the tray is below the stage's fold and folding
    // the Actions Guide too would help, fold it (once per decision, before the frame is shown).
    {
        let can = !open && !tight && fold_at(true) != fold;
        let tight_at = tight_at.clone();
        use_effect_with((decision, can), move |(decision, can)| {
            if *can && tray_overflows() {
                tight_at.set(Some(*decision));
            }
        });
    }
    // The first choice behind the fold: the tile carries its number; opened, it takes focus.
    let first_folded = fold.and_then(|f| offered.iter().find(|a| group(a).0 >= f).copied());
    {
        let target = first_folded.map(|a| format!("btn-{}", &action_id(&a)[4..]));
        use_effect_with(open, move |on| {
            let doc = web_sys::window().and_then(|w| w.document());
            if let (true, Some(id), Some(doc)) = (*on, target, doc) {
                if let Some(el) = doc
                    .get_element_by_id(&id)
                    .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
                {
                    crate::ui::hooks::focus::rove_to(&doc, &el);
                }
            }
        });
    }
    // A hint naming a folded move opens the fold: the move it names is in view.
    let hinted_folded =
        fold.is_some_and(|f| p.hinted.is_some_and(|h| in_tray(&h) && group(&h).0 >= f));
    let fold = fold.filter(|_| !open && !hinted_folded);
    // The hinted move in sight once it is drawn (the fold it opened can put it below the stage's
    // fold).
    use_effect_with(p.hinted, |hinted| {
        let doc = web_sys::window().and_then(|w| w.document());
        let id = hinted.map(|a| format!("btn-{}", &action_id(&a)[4..]));
        if let (Some(doc), Some(id)) = (doc, id) {
            if let Some(el) = doc.get_element_by_id(&id) {
                crate::ui::hooks::focus::show_in_stage(&doc, &el);
            }
        }
    });
    let (shown, folded): (Vec<_>, Vec<_>) = groups
        .into_iter()
        .partition(|(_, l)| fold.is_none_or(|f| l.first().is_some_and(|a| group(a).0 < f)));
    let more = (!folded.is_empty()).then(|| {
        let opened = opened.clone();
        more_tile(
            &folded,
            first_folded.and_then(|a| v.choice_number(&a)),
            Callback::from(move |_| opened.set(Some(decision))),
        )
    });
    if v.read_only || matches!(s.pending, Pending::Over(_)) {
        return html! {};
    }
    let explore_note = format!(
        "Explore reveals {} encounter card{}.",
        engine::derived::explore_count(s, v.db()),
        if engine::derived::explore_count(s, v.db()) == 1 {
            ""
        } else {
            "s"
        }
    );
    html! {
        <section class="tray" aria-label="Your options">
            if decide {
                <div class="tray-group decide" role="group" aria-label="Decision">
                    { decision::decision(v, &p.on_act, Action::Explore, None, "primary") }
                    { decision::decision(v, &p.on_act, Action::Confront, None, "danger") }
                    <p class="muted small">{ explore_note }</p>
                </div>
            }
            <div class="tray-groups">
            { for shown.into_iter().map(|(name, list)| html! {
                <div class="tray-group" role="group" aria-label={name} key={name}>
                    <h3 class="tray-h">{ name }</h3>
                    // Keyed by action: a control still offered after a move is kept, not rebuilt.
                    <div class="tray-list">
                        { for list.into_iter().map(|a| html! {
                            <Decision key={action_id(&a)} ..decision::props(v, &p.on_act, a, None, "small") />
                        }) }
                    </div>
                </div>
            }) }
            { for more }
            </div>
        </section>
    }
}
