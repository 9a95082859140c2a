//! Threats named before they happen: an ambush a choice will or may bring (p. 21, p. 24), what
//! exploring risks (p. 22), and the Hunger Step ahead (p. 32). The ambush mark is checked
//! against play itself over random games: a choice marked "will" ambushes, and every choice
//! that ambushes was marked.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::fight_cost;
use unbroken::engine::res::Res;
use unbroken::engine::threats::{self, Likelihood};
use unbroken::engine::{apply, legal_moves, words, Action, Difficulty, Game, Pending};

fn prepare(time: u8, extra: serde_json::Value) -> Game {
    let mut v = json!({
        "setup": {"seed": 3, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "prepare", "time": time, "resources": {"small": 6, "wood": 2},
        "encounter_top": ["cricket_swarm", "rat_nest"]});
    if let (Some(o), Some(e)) = (v.as_object_mut(), extra.as_object()) {
        for (k, x) in e {
            o.insert(k.clone(), x.clone());
        }
    }
    scenario(v).0
}

/// Every encounter costs 2 Time or more: at Time 2 exploring surely runs Time out; at 3 it may
/// (most cost 2, some 3 or 4); at 5 it cannot.
#[test]
fn explore_names_the_time_it_risks() {
    let at = |t: u8| threats::explore(prepare(t, json!({})).state(), &db());
    assert_eq!(at(2), Some(Likelihood::Will));
    assert_eq!(at(3), Some(Likelihood::May));
    assert_eq!(at(5), None);
    assert_eq!(
        words::threats::explore(Likelihood::Will, 2),
        "Ambush: with 2 Time left, any card you keep runs Time out"
    );
}

/// Keeping a card of Time value 2 at Time 2 ambushes, resolved or rested on; with the Kobold
/// scouted, the mark says what its ambush does.
#[test]
fn a_card_that_runs_time_out_is_marked() {
    let mut g = prepare(2, json!({}));
    apply(&mut g, Action::Explore).expect("explore");
    assert!(matches!(g.pending(), Pending::Encounter { .. }));
    for a in [Action::Resolve(0), Action::Rest(0)] {
        let t = threats::ambush(&g, &a).expect("marked");
        assert_eq!(t.likelihood, Likelihood::Will);
        assert_eq!(t.monster, None);
    }
    let mut g = prepare(2, json!({"monster": {"id": "kobold"}}));
    apply(&mut g, Action::Explore).expect("explore");
    let t = threats::ambush(&g, &Action::Rest(1)).expect("marked");
    assert_eq!(t.monster, Some(idx("monster", "kobold")));
    assert_eq!(
        words::threats::ambush(&db(), &t),
        "Ambush: Time runs out; the Kobold strikes: lose 5 Small Effort"
    );
    let g = prepare(5, json!({}));
    assert_eq!(threats::ambush(&g, &Action::Explore), None);
}

/// p. 32: the level's Food requirement against the Food held; each Food short costs 1, 2, 3 …
/// Small Effort, paid after eating what is held.
#[test]
fn the_hunger_ahead() {
    let g = |food: u8, small: u8, level: u8| {
        scenario(json!({
            "setup": {"seed": 3, "character": "sage", "side": 0, "difficulty": "normal"},
            "level": level, "step": "prepare", "resources": {"small": small, "food": food}}))
        .0
    };
    let h = threats::hunger(g(1, 0, 2).state(), &db());
    assert_eq!((h.requirement, h.food, h.missing, h.cost), (2, 1, 1, 1));
    assert!(
        h.payable,
        "the Food eaten gives the Small Effort the missing one costs"
    );
    assert_eq!(h.margin, 0);
    assert!(h.warn());
    let h = threats::hunger(g(0, 2, 2).state(), &db());
    assert_eq!((h.missing, h.cost, h.payable), (2, 3, false));
    assert_eq!(
        words::threats::hunger(&db(), &h),
        "Hunger at the level's end: 2 Food needed, 0 held — the 2 missing will cost 3 Small \
         Effort; you cannot pay that now: you would starve."
    );
    let h = threats::hunger(g(5, 3, 4).state(), &db());
    assert!(h.last && h.missing == 0 && h.payable);
    assert_eq!(h.margin, 7, "3 Small and the 4 eaten");
    // The Level IV battle ahead likely costs more than the 7 the Hunger leaves: a warning that
    // names the fight and the final Hunger.
    let f = h.fight.expect("a battle ahead");
    assert!(f.monster.is_none() && f.effort > 7, "{f:?}");
    assert!(h.warn() && h.fight_too_dear());
    assert_eq!(
        words::threats::hunger(&db(), &h),
        format!(
            "Level IV monster: likely ~{} Effort of your 3; the final Hunger needs 4 Food, you \
             hold 5 — you may starve.",
            f.effort
        )
    );
    // With Effort to spare, no warning.
    let h = threats::hunger(g(5, 25, 1).state(), &db());
    assert!(!h.warn(), "{h:?}");
    assert_eq!(g(5, 3, 4).state().stock.get(Res::Food), 5);
}

/// Over random games, for every legal choice in the Travel Phase: one marked "will ambush"
/// ambushes when taken (after passing the player's own windows, as the preview assumes), and
/// one that ambushes was marked; after an Explore marked "will", every card turned up costs at
/// least the Time left.
#[test]
fn the_ambush_mark_is_what_play_does() {
    let (mut will, mut may) = (0, 0);
    for seed in 0..600u64 {
        let ch = ["sneak", "sage", "hunter", "brawler"][(seed % 4) as usize];
        let d = Difficulty::ALL[(seed / 4 % 3) as usize];
        let mut g = new_game(ch, d, seed * 13 + 5);
        let mut pick = seed | 1;
        for _ in 0..3000 {
            if g.is_over() {
                break;
            }
            let legal: Vec<Action> = legal_moves(&g);
            for a in &legal {
                let t = threats::ambush(&g, a).map(|t| t.likelihood);
                will += usize::from(t == Some(Likelihood::Will));
                may += usize::from(t == Some(Likelihood::May));
                let mut after = g.clone();
                let mut events = apply(&mut after, *a).expect("legal");
                while matches!(after.pending(), Pending::Respond { options, .. } if options.iter().all(|o| !o.mandatory))
                {
                    events.extend(apply(&mut after, Action::Pass).expect("pass"));
                }
                let ambushed = !g.state().ambushed && after.state().ambushed;
                if *a == Action::Explore {
                    if t == Some(Likelihood::Will) {
                        let time = after.state().time;
                        if let Pending::Encounter { revealed, .. } = after.pending() {
                            for c in revealed {
                                let v = db().encounter(*c).map_or(0, |e| e.time);
                                assert!(v as i8 >= time, "card of {v} at Time {time}");
                            }
                        }
                    }
                    continue;
                }
                if t == Some(Likelihood::Will) {
                    assert!(ambushed, "{a:?} was marked: {events:?}");
                }
                if ambushed {
                    assert!(t.is_some(), "{a:?} ambushed unmarked: {events:?}");
                }
            }
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let a = legal[(pick % legal.len() as u64) as usize];
            apply(&mut g, a).expect("legal");
        }
    }
    assert!(will > 500, "choices marked will: {will}");
    assert!(may > 100, "choices marked may: {may}");
}

/// The battle's likely cost (pp. 26–28): the Brawler's Club against the Hyena (Armor 0, Health
/// 5, its wound cap 4), 10 Small Effort held. The Medium-Effort attack cannot be paid, so two
/// Small for 2 wounds: 3 attacks, 6 Effort; DEFEND on 2 rows of 6 wastes the attack after it
/// (×1.5: 4.5 attacks, 9 Effort); the Hyena rolls after every attack but the last (3.5 rolls),
/// each losing 8/6 Effort on average (STEAL's bracketed 2 Small with no Food, 1, 2 and 3):
/// 9 + 3.5 × 8/6 ≈ 13.7, so ~14. Hard: the monster rolls first, one roll more: ≈ 15.
#[test]
fn the_fights_likely_cost() {
    let g = |difficulty: &str| {
        scenario(json!({
            "setup": {"seed": 1, "character": "brawler", "side": 0, "difficulty": difficulty},
            "level": 1, "step": "battle", "resources": {"small": 10},
            "weapons": ["club"], "monster": {"id": "hyena"}}))
        .0
    };
    let f = fight_cost::fight_cost(g("normal").state(), &db()).expect("a battle");
    assert_eq!(f.effort, 14);
    assert!(f.monster.is_some());
    let f = fight_cost::fight_cost(g("hard").state(), &db()).expect("a battle");
    assert_eq!(f.effort, 15);
    // A Medium Effort held pays the 4-power attack: 2 attacks of 1 Effort, ×1.5, 2 rolls:
    // 3 + 2 × 8/6 ≈ 5.7, so ~6.
    let g = scenario(json!({
        "setup": {"seed": 1, "character": "brawler", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 10, "medium": 2},
        "weapons": ["club"], "monster": {"id": "hyena"}}))
    .0;
    assert_eq!(
        fight_cost::fight_cost(g.state(), &db()).map(|f| f.effort),
        Some(6)
    );
}
