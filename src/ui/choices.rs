//! The decision's choices as one list: every control the rules allow now on the stage (the
//! prompt's own cards, then the tray's groups), in the order they are drawn, numbered from 1.
//! The number is what the digit keys take (`keymap`), what each choice shows, and the order the
//! arrows walk; the tray and the prompt draw from the same groups, so the numbers follow the
//! screen. Compiled natively so the order has unit tests.

use crate::engine::Action;

/// Whether an action belongs in the tray (the prompt draws the others on their cards).
pub fn in_tray(a: &Action) -> bool {
    matches!(
        a,
        Action::General(_)
            | Action::Craft(_)
            | Action::Scout
            | Action::Ability(_)
            | Action::SkillAction { .. }
            | Action::MonsterAction(_)
            | Action::Attack(_)
            | Action::Skip
    )
}

/// The group a tray action is shown in, and its order on the tray.
pub fn group(a: &Action) -> (u8, &'static str) {
    match a {
        Action::Attack(_) | Action::Skip => (0, "Attack"),
        Action::Ability(_) => (1, "Abilities"),
        Action::SkillAction { .. } => (2, "Skills"),
        Action::MonsterAction(_) => (3, "Monster sheet"),
        Action::Craft(_) => (5, "Craft"),
        _ => (4, "Actions Guide"),
    }
}

/// Tray tiles a decision shows unfolded at most before its trailing groups fold.
const MAX_TILES: usize = 6;

/// The first tray group folded into one "More actions" tile, given each group's order and
/// tile count in the order drawn and the tiles the tray draws besides its groups (the Decision
/// Step's pair) (`None`: nothing folds). A long decision (more than six tiles) folds its
/// trailing groups: on a battle turn, which is about the attack, the Actions Guide and crafting
/// (legal then, rarely the move); at any other step its crafting. One the screen still cannot
/// hold (`tight`: the table measured it) folds from the Actions Guide. So every control of the
/// decision fits the table, as a digital board game keeps its hand to one screen; what folds is
/// one tap away, in place, and keeps its number (the tile takes the first).
pub fn fold_from(battle: bool, besides: usize, groups: &[(u8, usize)], tight: bool) -> Option<u8> {
    let before = |g: u8| besides > 0 || groups.iter().any(|(o, n)| *o < g && *n > 0);
    let has = |g: u8| groups.iter().any(|(o, n)| *o >= g && *n > 0);
    const GUIDE: u8 = 4;
    const CRAFT: u8 = 5;
    let long = besides + groups.iter().map(|(_, n)| n).sum::<usize>() > MAX_TILES;
    if ((battle && long) || tight) && before(GUIDE) && has(GUIDE) {
        return Some(GUIDE);
    }
    (long && before(CRAFT) && has(CRAFT)).then_some(CRAFT)
}

/// Where a choice is drawn: (zone, place in it). Zone 0 is the prompt (its cards, in their
/// order), 1 the Decision Step's pair on the tray, 2 the tray's groups.
fn place(a: &Action) -> (u8, u16) {
    let i = |n: &u8| u16::from(*n);
    match a {
        Action::Resolve(n) => (0, i(n) * 2),
        Action::Rest(n) => (0, i(n) * 2 + 1),
        Action::Fight => (0, 0),
        Action::Trick => (0, 1),
        Action::Respond(n)
        | Action::KeepRoll(n)
        | Action::KeepSkill(n)
        | Action::DiscardCondition(n)
        | Action::ChooseUpgrade(n) => (0, i(n)),
        Action::Pass => (0, 999),
        // The Hunger Step lists the most food first.
        Action::Eat(n) => (0, 999 - i(n)),
        Action::Explore => (1, 0),
        Action::Confront => (1, 1),
        a if in_tray(a) => (2, u16::from(group(a).0)),
        // Not on the stage (undo, the weapon sheet's downgrade).
        _ => (9, 0),
    }
}

/// The stage's choices from the step's candidate actions: the ones `allowed`, in the order
/// drawn (within a tray group, the engine's order). What is not on the stage is left out.
pub fn order(candidates: &[Action], allowed: impl Fn(&Action) -> bool) -> Vec<Action> {
    let mut out: Vec<(usize, Action)> = candidates
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, a)| place(a).0 < 9 && allowed(a))
        .collect();
    sort_small(&mut out, |(i, a), (j, b)| (place(a), i) < (place(b), j));
    out.into_iter().map(|(_, a)| a).collect()
}

/// Sorts a short list in place, stable, `before(a, b)` saying that `a` goes first: an
/// insertion sort. The page's sorted lists (a step's choices, a game's decisions) hold tens of
/// items, and this loop costs the page far fewer bytes than the standard library's sort, of
/// which every element type gets its own copy of several kilobytes.
pub fn sort_small<T>(v: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && before(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_come_first_then_the_decision_then_the_tray() {
        let c = [
            Action::Undo,
            Action::General(0),
            Action::Explore,
            Action::Confront,
            Action::Craft(1),
            Action::Ability(0),
            Action::Scout,
        ];
        assert_eq!(
            order(&c, |_| true),
            vec![
                Action::Explore,
                Action::Confront,
                Action::Ability(0),
                Action::General(0),
                Action::Scout,
                Action::Craft(1)
            ]
        );
    }

    #[test]
    fn encounter_cards_pair_resolve_and_rest_and_skip_what_is_refused() {
        let c = [
            Action::Rest(0),
            Action::Rest(1),
            Action::Resolve(0),
            Action::Resolve(1),
        ];
        assert_eq!(
            order(&c, |a| *a != Action::Resolve(1)),
            vec![Action::Resolve(0), Action::Rest(0), Action::Rest(1)]
        );
    }

    #[test]
    fn the_small_sort_orders_as_the_standard_stable_sort_does() {
        // Pairs sorted by their first half only: equal keys keep their order (stable).
        let mut rng = 0x9e37_79b9_u32;
        for len in 0..40 {
            let mut v: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    rng = rng.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((rng >> 16) % 5, i)
                })
                .collect();
            let mut want = v.clone();
            want.sort_by_key(|p| p.0);
            sort_small(&mut v, |a, b| a.0 < b.0);
            assert_eq!(v, want);
        }
    }

    #[test]
    fn hunger_offers_the_most_food_first_and_pass_comes_last() {
        let c = [Action::Eat(0), Action::Eat(2), Action::Eat(1)];
        assert_eq!(
            order(&c, |_| true),
            vec![Action::Eat(2), Action::Eat(1), Action::Eat(0)]
        );
        let c = [Action::Pass, Action::Respond(1), Action::Respond(0)];
        assert_eq!(
            order(&c, |_| true),
            vec![Action::Respond(0), Action::Respond(1), Action::Pass]
        );
    }

    #[test]
    fn a_battle_turn_folds_the_guide_and_crafting_a_long_decision_its_crafting() {
        // Attack 2, Monster sheet 1, Actions Guide 2, Craft 2: a long battle turn folds from the
        // Guide.
        let battle = [(0, 2), (3, 1), (4, 2), (5, 2)];
        assert_eq!(fold_from(true, 0, &battle, false), Some(4));
        // A battle turn with nothing but attacks folds nothing; one of six tiles neither (until
        // the table measures it too long).
        assert_eq!(fold_from(true, 0, &[(0, 3)], false), None);
        assert_eq!(fold_from(true, 0, &[(0, 2), (4, 2), (5, 2)], false), None);
        assert_eq!(fold_from(true, 0, &[(0, 2), (4, 2), (5, 2)], true), Some(4));
        // Nothing before the Guide: only the crafting folds, behind it.
        assert_eq!(fold_from(true, 0, &[(4, 4), (5, 4)], false), Some(5));
        // 8 tiles fold the crafting, 5 fold nothing.
        assert_eq!(
            fold_from(false, 0, &[(1, 2), (4, 4), (5, 2)], false),
            Some(5)
        );
        assert_eq!(fold_from(false, 0, &[(4, 3), (5, 2)], false), None);
        // The Decision Step's pair counts: Guide 4 and Craft 2 beside it fold the crafting.
        assert_eq!(fold_from(false, 2, &[(4, 4), (5, 2)], false), Some(5));
        // A decision the screen cannot hold folds the Guide too, behind the Decision Step's pair.
        assert_eq!(fold_from(false, 2, &[(4, 4), (5, 2)], true), Some(4));
        // (Folding from the Guide's place folds whatever follows it: here the crafting.)
        assert_eq!(fold_from(false, 0, &[(1, 2), (5, 2)], true), Some(4));
        // Long, but no crafting: nothing folds.
        assert_eq!(fold_from(false, 2, &[(1, 3), (4, 5)], false), None);
    }
}
