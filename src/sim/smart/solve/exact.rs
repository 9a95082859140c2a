//! The small fixed points of the battle table solved exactly. At each (armor, health) the
//! table's two values (DEFEND pending or not) depend on themselves through misses, ignored
//! attacks and skipped turns; for a given choice of play that is two linear equations, so the
//! solve starts from their solution and one pass of its iteration confirms it, where the
//! iteration alone took 8 to 200 passes (a sixth of the smart bot's time went to them).

/// The cost that stands for a battle that cannot be won (and its square, for the second
/// moment): large against any effort a player holds, yet finite so the sums stay numbers.
pub(in crate::sim::smart) const UNWINNABLE: f64 = 400.0;

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
pub(in crate::sim::smart) fn defended_choice(fixed: f64, skip: f64, waste: f64) -> (f64, u8) {
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
pub(in crate::sim::smart) struct Terms {
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
    pub(in crate::sim::smart) fn exact(
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
pub(in crate::sim::smart) fn exact_costs(
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
