//! The one entry per question, at its edges: a stop reaches the engine's
//! choice and the answer on boards of every size.

use std::time::{Duration, Instant};

use snl::limits::{Budget, Cancel, Control};
use snl::plan::{self, ExpectQuery, SolveQuery, Subject};
use snl::{BoardSpec, Jump, Rules};

/// A board of `squares` squares with `jumps` jumps, spread out: a ladder of
/// 3 squares every few squares from square 10 on.
fn spread(squares: u64, jumps: u64) -> Subject {
    let step = (squares - 20) / jumps;
    let raw = (0..jumps).map(|i| {
        let from = 10 + i * step;
        (from, from + 3)
    });
    let text = serde_json::json!({
        "squares": squares,
        "ladders": raw.map(|(f, t)| [f, t]).collect::<Vec<_>>(),
    })
    .to_string();
    let parsed = snl::input::parse(text.as_bytes(), &snl::ParseOptions::default()).unwrap();
    Subject::new(parsed.spec, Rules::default()).unwrap()
}

/// The stop a caller makes while the library chooses the engine and
/// answers (Ctrl-C, a deadline) ends the question with `is_stop`, soon,
/// on a board of 2^40 squares and 10^6 jumps, where nothing of the answer
/// is quick: unstopped, the search alone takes about 9 s in a test build
/// (1.1 s in a release one) and the moments four times that. The sort of
/// the jumps' zones does not look at the token: in a release build the
/// stop lands within about 0.3 s, in a test build on a busy machine within
/// a few seconds.
#[test]
fn a_stop_reaches_the_choice_and_the_answer_on_the_longest_boards() {
    let subject = spread(1 << 40, 1_000_000);
    for question in ["solve", "expect"] {
        let ctl = Control::new(Budget::UNLIMITED);
        let cancel = ctl.cancel.clone();
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            cancel.cancel();
            Instant::now()
        });
        let err = match question {
            "solve" => plan::solve(&subject, &SolveQuery::default(), &ctl).map(|_| ()),
            _ => plan::expect(&subject, &ExpectQuery::default(), &ctl).map(|_| ()),
        }
        .expect_err("the answer takes longer than the stop");
        let stopped = canceller.join().unwrap();
        assert!(err.is_stop(), "{question}: {err}");
        assert!(
            stopped.elapsed() < Duration::from_secs(5),
            "{question}: {:?} after the stop",
            stopped.elapsed()
        );
    }
}

/// A board the dense engine holds, where choosing the engine of `expect`
/// runs the sparse engine's search: a stop set before is met there, not
/// taken for a reason to choose the other engine.
#[test]
fn the_choice_of_the_engine_stops_with_its_caller() {
    let subject = spread(100_000_000, 1_000);
    let ctl = Control::new(Budget::DEFAULT);
    ctl.cancel.cancel();
    let err = plan::expect(&subject, &ExpectQuery::default(), &ctl).unwrap_err();
    assert!(err.is_stop(), "{err}");
    let deadline = Control {
        cancel: Cancel::new().with_timeout(Duration::ZERO),
        budget: Budget::DEFAULT,
    };
    let err = plan::expect(&subject, &ExpectQuery::default(), &deadline).unwrap_err();
    assert!(err.is_stop(), "{err}");
    let err = plan::solve(&subject, &SolveQuery::default(), &deadline).unwrap_err();
    assert!(err.is_stop(), "{err}");
}

/// The same question on the same board gives the same answer however the
/// subject was made: checked by the sparse engine (few jumps) or built
/// from a game.
#[test]
fn a_subject_from_a_game_answers_as_one_read() {
    let spec = BoardSpec::of_jumps(
        1_000_000,
        [
            Jump { from: 3, to: 900 },
            Jump {
                from: 500_000,
                to: 7,
            },
        ],
    );
    let read = Subject::new(spec.clone(), Rules::default()).unwrap();
    let game = snl::check::playable(&spec, Rules::default()).unwrap();
    let built = Subject::of_game(game);
    let ctl = Control::new(Budget::DEFAULT);
    let a = plan::expect(&read, &ExpectQuery::default(), &ctl).unwrap();
    let b = plan::expect(&built, &ExpectQuery::default(), &ctl).unwrap();
    assert_eq!(a.engine, b.engine);
    assert_eq!(a.min_rolls, b.min_rolls);
    let json = |s: &Subject, e: &plan::Expectation| {
        serde_json::to_value(snl::answer::ExpectAnswer::new(s, e)).unwrap()
    };
    assert_eq!(json(&read, &a), json(&built, &b));
}
