use super::*;
use crate::rng::SplitMix64;

/// The fewest rolls and the whole optimal sequence equal those of the
/// square-by-square search, move for move, on random boards under
/// every rule.
#[test]
fn the_same_answer_and_the_same_sequence() {
    let mut rng = SplitMix64::new(2026);
    let (mut compared, mut crossed) = (0, 0);
    for case in 0..600 {
        let n = match case % 4 {
            0 => 2 + rng.below(40) as u32,
            1 | 2 => 2 + rng.below(3000) as u32,
            _ => 2 + rng.below(60_000) as u32,
        };
        let jumps = rng.below(u64::from(n / 20 + 3)) as u32;
        let Some(game) = crate::long::testing::game(&mut rng, n, jumps) else {
            continue;
        };
        let long = LongGame::of_game(&game);
        let dense = crate::shortest::solve(&game).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let sparse = solve(&long).unwrap_or_else(|e| panic!("case {case}: {e}"));
        assert_eq!(
            sparse.min_rolls,
            dense.min_rolls.map(u64::from),
            "case {case}: {:?} {:?}",
            game.rules(),
            game.board().jumps().collect::<Vec<_>>()
        );
        let moves: Vec<LongMove> = sparse.path.iter().flat_map(Run::moves).collect();
        let want: Vec<LongMove> = dense
            .path
            .iter()
            .map(|m| LongMove {
                roll: m.roll,
                land: u64::from(m.land),
                to: u64::from(m.to),
            })
            .collect();
        assert_eq!(moves, want, "case {case}: {:?}", game.rules());
        // The runs of the dense path are the sparse path's runs: one
        // shape for both engines' answers.
        assert_eq!(
            runs(long.start(), want),
            sparse.path,
            "case {case}: {:?}",
            game.rules()
        );
        compared += 1;
        let search = Search::run(&long, &Control::default()).unwrap();
        crossed += usize::from(search.is_some_and(|s| s.layout.stretches() > 0));
    }
    assert!(compared > 500, "only {compared} boards were playable");
    // Most boards have stretches crossed in one step.
    assert!(crossed > 300, "only {crossed} boards had stretches");
}
