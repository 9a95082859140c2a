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
    out.sort_by_key(|(i, a)| (place(a), *i));
    out.into_iter().map(|(_, a)| a).collect()
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
}
