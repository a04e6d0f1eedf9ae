use super::*;

#[test]
fn the_fills_stop_when_the_token_is_set() {
    let cancel = Cancel::new();
    let len = 3 * FILL_CHUNK + 5;
    assert_eq!(vec_of_with(len, 7u8, "t", &cancel).unwrap(), vec![7u8; len]);
    assert_eq!(
        collect_with(len, (0..len).map(|i| i as u32), "t", &cancel).unwrap(),
        (0..len as u32).collect::<Vec<_>>()
    );
    assert!(
        collect_with(0, std::iter::empty::<u8>(), "t", &cancel)
            .unwrap()
            .is_empty()
    );
    cancel.cancel();
    // A table of one chunk is filled as vec_of fills it; a longer one
    // stops after its first chunk.
    assert_eq!(
        vec_of_with(FILL_CHUNK, 7u8, "t", &cancel).unwrap().len(),
        FILL_CHUNK
    );
    assert_eq!(collect_with(3, 0..3, "t", &cancel).unwrap(), [0, 1, 2]);
    assert_eq!(cancel.check_chunk(FILL_CHUNK - 2), Ok(()));
    assert_eq!(
        cancel.check_chunk(FILL_CHUNK - 1),
        Err(LimitError::Cancelled)
    );
    assert_eq!(
        vec_of_with(len, 7u8, "t", &cancel),
        Err(LimitError::Cancelled)
    );
    assert_eq!(
        collect_with(len, std::iter::repeat(1u8), "t", &cancel),
        Err(LimitError::Cancelled)
    );
    // A deadline stops them too, and an allocation too large is the
    // same error as vec_of's.
    let late = Cancel::new().with_deadline(Instant::now());
    assert_eq!(
        vec_of_with(len, 0u32, "t", &late),
        Err(LimitError::Deadline)
    );
    assert!(matches!(
        vec_of_with(usize::MAX, 0u64, "t", &Cancel::new()),
        Err(LimitError::Alloc { what: "t", .. })
    ));
}

#[test]
fn the_work_done_is_recorded_on_the_token() {
    let ctl = Control::new(Budget::UNLIMITED);
    let shared = ctl.cancel.with_timeout(Duration::from_mins(1));
    let mut meter = Meter::new(&shared);
    for _ in 0..10 {
        meter.add(CHECK_EVERY / 2).unwrap();
    }
    // Recorded at each check, every CHECK_EVERY units: 5 of them.
    assert_eq!(ctl.cancel.work_done(), 5 * CHECK_EVERY);
}

#[test]
fn budgets_refuse_with_the_figures() {
    let e = Estimate::new(5 << 30, 10);
    let err = e.check("the duel", &Budget::DEFAULT).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the duel would need about 5.4 GB of memory, more than the budget of 4.3 GB"
    );
    let slow = Estimate::new(10, 120_000_000_000);
    assert_eq!(
        slow.check("the exact mean", &Budget::DEFAULT)
            .unwrap_err()
            .to_string(),
        "the exact mean would take about 2.0 minutes of work, more than the budget of 60 seconds"
    );
    assert!(slow.check("x", &Budget::UNLIMITED).is_ok());
    assert_eq!(Estimate::from_f64(1e300, -1.0), Estimate::new(u64::MAX, 0));
}

#[test]
fn tokens_are_shared_and_deadlines_stop() {
    let a = Cancel::new();
    let b = a.clone();
    let timed = a.with_timeout(Duration::from_hours(1));
    assert!(a.check().is_ok() && timed.check().is_ok());
    b.cancel();
    assert_eq!(a.check(), Err(LimitError::Cancelled));
    assert!(
        timed.is_cancelled(),
        "a token with a deadline shares the flag"
    );
    let past = Cancel::new().with_deadline(Instant::now());
    assert_eq!(past.check(), Err(LimitError::Deadline));
    assert!(past.with_timeout(Duration::from_mins(1)).is_cancelled());
}

#[test]
fn a_child_token_stops_alone_and_with_its_parent() {
    let parent = Cancel::new();
    let child = parent.child();
    let grandchild = child.child().with_timeout(Duration::from_hours(1));
    child.cancel();
    assert_eq!(child.check(), Err(LimitError::Cancelled));
    assert!(grandchild.is_cancelled(), "a child's child stops with it");
    assert!(parent.check().is_ok(), "a child's cancel leaves its parent");
    let other = parent.child().child();
    assert!(other.check().is_ok());
    parent.cancel();
    assert_eq!(other.check(), Err(LimitError::Cancelled));
    let past = Cancel::new().with_deadline(Instant::now());
    assert_eq!(past.child().check(), Err(LimitError::Deadline));
    child.record(5);
    assert_eq!(
        parent.work_done(),
        5,
        "a child records its work on its parent"
    );
}

#[test]
fn meters_check_the_token_and_their_limit() {
    let cancel = Cancel::new();
    let mut m = Meter::new(&cancel).limit(100, "the test");
    assert!(m.add(100).is_ok());
    assert!(matches!(m.add(1), Err(LimitError::Work { need: 101, .. })));
    let mut m = Meter::new(&cancel);
    cancel.cancel();
    assert!(m.add(CHECK_EVERY - 1).is_ok(), "between looks");
    assert_eq!(m.add(1), Err(LimitError::Cancelled));
}

#[test]
fn fallible_tables() {
    let v = vec_of(10, 7u32, "a table").unwrap();
    assert_eq!(v, vec![7; 10]);
    let err = vec_of(usize::MAX / 2, 0u64, "a huge table").unwrap_err();
    assert!(matches!(
        err,
        LimitError::Alloc {
            what: "a huge table",
            ..
        }
    ));
    assert!(err.to_string().starts_with("a huge table needs "));
}

#[test]
fn words_for_sizes_and_times() {
    assert_eq!(bytes(512), "512 bytes");
    assert_eq!(bytes(3_200_000), "3.2 MB");
    assert_eq!(bytes(17_000_000_000), "17 GB");
    assert_eq!(duration(300_000_000), "0.3 seconds");
    assert_eq!(duration(2_500_000), "2.50 ms");
    assert_eq!(duration(10_000), "0.01 ms");
    assert_eq!(duration(4_200), "4.2 µs");
    assert_eq!(duration(120), "120 ns");
    assert_eq!(duration(0), "0 ns");
    assert_eq!(duration(240_000_000_000), "4.0 minutes");
    assert_eq!(duration(u64::MAX), "longer than anyone can wait");
    assert!(duration(10_000_000_000_000_000_000).ends_with("years"));
}

#[test]
fn budgets_from_seconds_and_bytes() {
    let b = Budget::from_limits(Some(60.0), Some(4 << 30)).unwrap();
    assert_eq!(b, Budget::DEFAULT);
    assert_eq!(Budget::from_limits(None, None).unwrap(), Budget::UNLIMITED);
    // A huge budget is no limit, never a wrapped-around small one.
    assert_eq!(
        Budget::from_limits(Some(1e300), None).unwrap().work,
        u64::MAX
    );
    assert_eq!(Budget::DEFAULT.seconds(), Some(60.0));
    assert_eq!(Budget::UNLIMITED.seconds(), None);
    assert_eq!(Budget::DEFAULT.bytes(), Some(4 << 30));
    for bad in [-1.0, f64::NAN, f64::INFINITY] {
        let err = Budget::from_limits(Some(bad), None).unwrap_err();
        assert_eq!(err.0.to_string(), bad.to_string());
    }
}

/// An analysis run by `timed` that outlives the budget's time fails as
/// overrunning it; stopped by the caller's own token it stays cancelled,
/// and without a budget it runs to its end.
#[test]
fn a_timed_analysis_past_the_budget_overran_it() {
    // Waits for its control's token, ten seconds at most: a deadline that
    // never came would end the wait with `Ok`, and the test would fail
    // there rather than hang.
    let wait = |ctl: &Control| -> Result<&'static str, LimitError> {
        let end = Instant::now() + Duration::from_secs(10);
        while Instant::now() < end {
            ctl.cancel.check()?;
            std::thread::sleep(Duration::from_millis(1));
        }
        Ok("waited ten seconds")
    };
    let budget = Budget {
        memory: u64::MAX,
        work: 20_000_000,
    };
    let started = Instant::now();
    let err = Control::new(budget).timed("the wait", wait).unwrap_err();
    assert_eq!(
        err,
        LimitError::Overran {
            what: "the wait",
            budget: 20_000_000
        }
    );
    assert!(started.elapsed() >= Duration::from_millis(20));
    assert_eq!(
        err.to_string(),
        "the wait was stopped when the budget of 20.00 ms ran out \
         (its cost can be told only roughly in advance)"
    );
    // The caller's token, set first, is what stopped it.
    let ctl = Control::new(budget);
    ctl.cancel.cancel();
    assert_eq!(ctl.timed("the wait", wait), Err(LimitError::Cancelled));
    // Without a budget no deadline is set: the analysis's own result.
    let quick = |_: &Control| -> Result<u8, LimitError> { Ok(7) };
    assert_eq!(Control::new(Budget::UNLIMITED).timed("t", quick), Ok(7));
    assert_eq!(Control::new(budget).timed("t", quick), Ok(7));
}
