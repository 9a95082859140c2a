//! The small fixed points of the battle table solved exactly. At each (armor, health) the
//! table's two values (DEFEND pending or not) depend on themselves through misses, ignored
//! attacks and skipped turns; for a given choice of play that is two linear equations, so the
//! solve starts from their solution and one pass of its iteration confirms it, where the
//! iteration alone took 8 to 200 passes (a sixth of the smart bot's time went to them).

use super::table::UNWINNABLE;

/// Solves two linear equations `p[i][0]·x0 + p[i][1]·x1 = p[i][2]`; None when they have no
/// single finite solution.
fn solve2(p: [[f64; 3]; 2]) -> Option<(f64, f64)> {
    let det = p[0][0] * p[1][1] - p[0][1] * p[1][0];
    if det.abs() < 1e-12 {
        return None;
    }
    let x0 = (p[0][2] * p[1][1] - p[0][1] * p[1][2]) / det;
    let x1 = (p[0][0] * p[1][2] - p[1][0] * p[0][2]) / det;
    (x0.is_finite() && x1.is_finite()).then_some((x0, x1))
}

/// The best play with a DEFEND pending, given the cost of the best option that leaves the
/// position (`fixed`), of letting the monster act (`skip`), and of wasting a weapon attack to
/// end the DEFEND (`waste`): its cost and which (1, 0, 2). Ties keep the earlier, as the
/// iteration always did.
pub(super) fn defended_choice(fixed: f64, skip: f64, waste: f64) -> (f64, u8) {
    let (mut b, mut c) = (skip, 0);
    if fixed < b {
        (b, c) = (fixed, 1);
    }
    if waste < b {
        (b, c) = (waste, 2);
    }
    (b, c)
}

/// The constants of one position's two equations (costs or second moments): per side (DEFEND
/// pending or not), the best option that leaves the position and the monster's turn, and
/// wasting a weapon attack to end a DEFEND.
pub(super) struct Terms {
    pub fixed: [f64; 2],
    pub turn: [f64; 2],
    pub waste: f64,
}

impl Terms {
    /// The two equations under a choice of play (`choice[0]`: 1 an option leaving the position,
    /// 0 letting the monster act; `choice[1]` likewise, or 2 wasting an attack), with the
    /// weights `m0`, `m1` of the monster's turn as `Fight::solve_state` splits it and the
    /// chance `q` of a skipped turn.
    fn equations(&self, m0: &[f64; 4], m1: &[f64; 4], q: f64, choice: [u8; 2]) -> [[f64; 3]; 2] {
        let (a, b) = (m0[1], m0[2]);
        let w = m1[1] + m1[2];
        let [k0, k1] = self.turn;
        let row0 = if choice[0] == 1 {
            [1.0 - q * a, -q * b, (1.0 - q) * self.fixed[0] + q * k0]
        } else {
            [1.0 - a, -b, k0]
        };
        let row1 = match choice[1] {
            1 => [0.0, 1.0 - q * w, (1.0 - q) * self.fixed[1] + q * k1],
            2 => [
                -(1.0 - q) * a,
                1.0 - (1.0 - q) * b - q * w,
                (1.0 - q) * (self.waste + k0) + q * k1,
            ],
            _ => [0.0, 1.0 - w, k1],
        };
        [row0, row1]
    }

    /// The second moments under the chosen play, solved exactly, as [`exact_costs`] does for
    /// the costs; None when they have no finite solution under the cap.
    pub(super) fn exact(
        &self,
        m0: &[f64; 4],
        m1: &[f64; 4],
        q: f64,
        choice: [u8; 2],
    ) -> Option<(f64, f64)> {
        let cap = UNWINNABLE * UNWINNABLE;
        solve2(self.equations(m0, m1, q, choice))
            .filter(|(s0, s1)| (0.0..cap).contains(s0) && (0.0..cap).contains(s1))
    }
}

/// The costs at one (armor, health) solved exactly: for a given choice of play (an option that
/// leaves the position or letting the monster act, and with DEFEND pending also wasting a
/// weapon attack) the fixed point of `Fight::solve_state` (`super::table`) is two linear
/// equations ([`Terms::equations`]), so the choice is improved until it is the best at its own
/// solution (policy iteration). None when no choice settles in a few rounds, or the solution
/// is capped (an unwinnable position): then the iteration runs from the old values as before.
pub(super) fn exact_costs(
    m0: &[f64; 4],
    m1: &[f64; 4],
    fixed: [(f64, f64); 2],
    waste: f64,
    q: f64,
) -> Option<(f64, f64)> {
    let terms = Terms {
        fixed: [fixed[0].0, fixed[1].0],
        turn: [m0[0], m1[0]],
        waste,
    };
    let [k0, k1] = terms.turn;
    let (a, b, w) = (m0[1], m0[2], m1[1] + m1[2]);
    let mut choice = [
        terms.fixed[0].is_finite() as u8,
        if terms.fixed[1].is_finite() {
            1
        } else if waste.is_finite() {
            2
        } else {
            0
        },
    ];
    for _ in 0..6 {
        let (x0, x1) = solve2(terms.equations(m0, m1, q, choice))?;
        if !(0.0..UNWINNABLE).contains(&x0) || !(0.0..UNWINNABLE).contains(&x1) {
            return None;
        }
        // The best choice at this solution, compared as the iteration compares them.
        let mm0 = k0 + a * x0 + b * x1;
        let mm1 = k1 + w * x1;
        let (_, c1) = defended_choice(terms.fixed[1], mm1, waste + mm0);
        let best = [(terms.fixed[0] < mm0) as u8, c1];
        if best == choice {
            return Some((x0, x1));
        }
        choice = best;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::table::{Fight, Opt, RowOut, UNWINNABLE};

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
        let (x0, x1) = super::exact_costs(&m0, &m1, fixed, waste, q).expect("solvable");
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
            super::exact_costs(&[0.5, 1.0, 0.0, 0.0], &m1, none, f64::INFINITY, 0.0),
            None
        );
    }
}
