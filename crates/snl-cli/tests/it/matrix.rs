//! `snl matrix`: the transition matrix in each form, read back.

// A chance is written in the shortest form that reads back the same, so
// reading it gives exactly 1.0 / 6.0.
#![allow(clippy::float_cmp)]

use crate::{SEED_20, ok, snl};

/// The entries of a CSV matrix, row by row.
fn read_csv(text: &str) -> Vec<Vec<f64>> {
    text.lines()
        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
        .collect()
}

/// A Matrix Market file as a dense matrix, and its comments.
fn read_mtx(text: &str) -> (Vec<Vec<f64>>, Vec<String>) {
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("%%MatrixMarket matrix coordinate real general")
    );
    let mut comments = Vec::new();
    let mut size = None;
    let mut m = Vec::new();
    let mut count = 0;
    for line in lines {
        if let Some(c) = line.strip_prefix('%') {
            comments.push(c.trim().to_string());
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if size.is_none() {
            let n: usize = words[0].parse().unwrap();
            assert_eq!(words[0], words[1]);
            size = Some((n, words[2].parse::<usize>().unwrap()));
            m = vec![vec![0.0; n]; n];
            continue;
        }
        let (i, j): (usize, usize) = (words[0].parse().unwrap(), words[1].parse().unwrap());
        assert!(i >= 1 && j >= 1, "1-based: {line}");
        assert_eq!(m[i - 1][j - 1], 0.0, "one line an entry: {line}");
        m[i - 1][j - 1] = words[2].parse().unwrap();
        count += 1;
    }
    assert_eq!(size.unwrap().1, count, "the count on the size line");
    (m, comments)
}

#[test]
fn csv_is_every_entry_and_the_rows_add_up_to_one() {
    let csv = ok(&["matrix", "--preset", "milton-bradley"], None);
    let m = read_csv(&csv);
    assert_eq!(m.len(), 101);
    for (k, row) in m.iter().enumerate() {
        assert_eq!(row.len(), 101);
        assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-15, "row {k}");
    }
    // Off the board, a 1 takes the ladder from 1 to 38, a 4 that from 4
    // to 14; nothing rests on a ladder's foot; the last square absorbs.
    assert_eq!(m[0][38], 1.0 / 6.0);
    assert_eq!(m[0][14], 1.0 / 6.0);
    assert!(m.iter().all(|row| row[1] == 0.0 && row[4] == 0.0));
    assert_eq!(m[100][100], 1.0);
    // From 99 only a 1 finishes exactly; a 2 or more is lost.
    assert_eq!(m[99][100], 1.0 / 6.0);
    assert_eq!(m[99][99], 5.0 / 6.0);
}

#[test]
fn mtx_holds_the_same_entries_as_csv() {
    for rules in [&[][..], &["--bonus-limit", "3", "--start", "0"][..]] {
        let mut args = vec!["matrix", "--preset", "leetcode-909"];
        args.extend_from_slice(rules);
        let csv = read_csv(&ok(&args, None));
        args.extend_from_slice(&["--to", "mtx"]);
        let (mtx, comments) = read_mtx(&ok(&args, None));
        assert_eq!(mtx, csv, "{rules:?}");
        assert!(
            comments[0].contains("board leetcode-909, rules: die d6"),
            "{comments:?}"
        );
        let streaks = if rules.is_empty() { 1 } else { 3 };
        assert_eq!(csv.len(), 37 * streaks);
    }
}

#[test]
fn latex_is_fractions_in_lowest_terms() {
    let tex = ok(
        &["matrix", "--to", "latex", "--faces", "4", "-"],
        Some(SEED_20),
    );
    assert!(
        tex.contains("\\setcounter{MaxMatrixCols}{21}\nP = \\begin{pmatrix}\n"),
        "{tex}"
    );
    assert!(tex.ends_with("\\end{pmatrix}\n"));
    let rows: Vec<&str> = tex
        .lines()
        .skip_while(|l| !l.starts_with("P = "))
        .skip(1)
        .take_while(|l| !l.starts_with("\\end"))
        .collect();
    assert_eq!(rows.len(), 21);
    assert!(rows[..20].iter().all(|r| r.ends_with(" \\\\")));
    // Square 18 of 20 with a d4: a 1 moves to 19, a 2 finishes, a 3 or 4
    // is lost.
    let cells: Vec<&str> = rows[18].trim_end_matches(" \\\\").split(" & ").collect();
    assert_eq!(cells.len(), 21);
    assert_eq!(
        (cells[18], cells[19], cells[20]),
        ("\\frac{1}{2}", "\\frac{1}{4}", "\\frac{1}{4}")
    );
    assert_eq!(rows[20].split(" & ").last(), Some("1"));
}

#[test]
fn the_output_file_names_the_form() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.mtx");
    let printed = ok(
        &[
            "matrix",
            "--preset",
            "moves-example-1",
            "-o",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(printed, "");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        ok(
            &["matrix", "--preset", "moves-example-1", "--to", "mtx"],
            None
        )
    );
}

/// A dense form is streamed, never held: its refusal speaks of the size
/// of the output, not of memory, and says that --force lifts it.
#[test]
fn a_dense_form_over_the_budget_is_refused_and_points_to_mtx() {
    let big = r#"{"squares": 40000, "ladders": [], "snakes": []}"#;
    for (form, size, each) in [("csv", "3.2 GB", 2), ("latex", "6.4 GB", 4)] {
        let run = snl(&["matrix", "-", "--to", form], Some(big));
        assert_eq!(run.code, 2);
        assert_eq!(
            run.stderr,
            format!(
                "snl: error: the transition matrix written out in full as {form} would be at least {size} of output (40001 × 40001 entries, {each} bytes each at least), more than the 1.0 GB snl writes in a dense form unless told: --to mtx writes only the entries above zero, or --force writes it anyway (Ctrl-C stops it)\n"
            )
        );
        assert!(!run.stderr.contains("memory"), "{}", run.stderr);
        assert_eq!(run.stdout, "");
    }
    let run = snl(
        &["matrix", "-", "--to", "csv"],
        Some(r#"{"squares": 100000}"#),
    );
    assert!(
        run.stderr
            .contains("would be at least 20 GB of output (100001 × 100001 entries"),
        "{}",
        run.stderr
    );
    let mtx = ok(&["matrix", "-", "--to", "mtx"], Some(big));
    assert!(
        mtx.lines().nth(4).unwrap().starts_with("40001 40001 "),
        "{}",
        &mtx[..400]
    );
}
