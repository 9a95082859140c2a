//! Tests of the exact solve: its costs match the battle table's iteration, and equations with
//! no single solution are refused.

use super::exact::{exact_costs, UNWINNABLE};
use super::table::{Fight, Opt, RowOut};

fn opt(price: f64, ab: u8, wound: u8) -> Opt {
    Opt {
        price,
        ab,
        wound,
        pierce: false,
        weapon: true,
        extra: false,
        conv: 0,
        ability: false,
    }
}

fn row(p: f64, loss: f64, heal: u8, defend: bool) -> RowOut {
    RowOut {
        p,
        loss,
        heal,
        defend,
    }
}

/// A fight with misses, DEFEND, paralysis, an ability and (when `heal`) a healing row.
fn fight(heal: u8, skip: f64) -> Fight {
    let mut spell = opt(3.0, 0, 2);
    spell.pierce = true;
    spell.weapon = false;
    spell.ability = true;
    Fight {
        opts: vec![opt(1.0, 1, 1), opt(2.5, 2, 2), spell],
        rows: vec![
            row(1.0 / 6.0, 0.0, 0, false),
            row(1.0 / 6.0, 1.0, 0, false),
            row(1.0 / 6.0, 0.5, 0, true),
            row(1.0 / 6.0, 2.0, heal, false),
            row(1.0 / 6.0, 1.0, 0, true),
            row(1.0 / 6.0, 3.0, 0, false),
        ],
        cap: 3,
        heal_end: 0,
        skip,
        max_a: 2,
        max_h: 5,
        turn_loss: 1.25,
        uses: 2,
    }
}

/// Every solved value is the best the turn offers from it (Bellman's equation, written out
/// with the table's own `q_at` and `monster_at`), whichever way the solve reached it.
#[test]
fn every_position_is_the_best_play_from_it() {
    for (heal, skip) in [(0, 0.0), (0, 0.2), (1, 0.0), (1, 0.15)] {
        let f = fight(heal, skip);
        let t = f.solve();
        for u in 0..=f.uses {
            for a in 0..=f.max_a {
                for h in 1..=f.max_h {
                    for d in [false, true] {
                        let (mm, _) = f.monster_at(&t, a, h, d, u);
                        let best = f
                            .opts
                            .iter()
                            .filter(|o| !(o.ability && u == 0))
                            .map(|o| f.q_at(&t, o, a, h, d, u).0)
                            .fold(mm, f64::min);
                        let want = ((1.0 - skip) * best + skip * mm).min(UNWINNABLE);
                        let got = t.cost_at(a, h, d, u);
                        assert!(
                            (got - want).abs() < 1e-4,
                            "heal {heal} skip {skip} at a{a} h{h} d{d} u{u}: {got} vs {want}"
                        );
                    }
                }
            }
        }
    }
}

/// The exact start finds the two costs of a position with paralysis and a DEFEND pending:
/// the same numbers as iterating the equations by hand.
#[test]
fn the_exact_costs_solve_the_iterated_equations() {
    // m = [constant, weight on d=false, weight on d=true, second-moment constant].
    let m0 = [0.8, 0.6, 0.3, 1.5];
    let m1 = [0.9, 0.0, 0.9, 1.7];
    let fixed = [(4.0, 20.0), (6.0, 40.0)];
    let (waste, q) = (1.0, 0.2);
    let (x0, x1) = exact_costs(&m0, &m1, fixed, waste, q).expect("solvable");
    let (mut y0, mut y1) = (0.0f64, 0.0f64);
    for _ in 0..10_000 {
        let mm0 = m0[0] + m0[1] * y0 + m0[2] * y1;
        let mm1 = m1[0] + (m1[1] + m1[2]) * y1;
        let b0 = fixed[0].0.min(mm0);
        let b1 = fixed[1].0.min(mm1).min(waste + mm0);
        (y0, y1) = ((1.0 - q) * b0 + q * mm0, (1.0 - q) * b1 + q * mm1);
    }
    assert!(
        (x0 - y0).abs() < 1e-9 && (x1 - y1).abs() < 1e-9,
        "{x0} {x1} vs {y0} {y1}"
    );
    // An unwinnable position (no option leaves it) is left to the iteration.
    let none = [(f64::INFINITY, 0.0); 2];
    assert_eq!(
        exact_costs(&[0.5, 1.0, 0.0, 0.0], &m1, none, f64::INFINITY, 0.0),
        None
    );
}
