//! `BENCHMARKS.md`'s table of current figures against the runs kept as data
//! in `benches/runs/`: each row of the table is the newest run of its target
//! in `history.tsv`, and every target of the data has its row, so that the
//! two cannot drift apart. The format of the data is described in
//! `benches/runs/README.md`.

use std::collections::{BTreeMap, BTreeSet};

use crate::workspace;

/// The columns of both data files, in order.
const COLUMNS: [&str; 14] = [
    "date", "time", "target", "measure", "command", "figure", "unit", "against", "baseline",
    "ratio", "machine", "load", "commit", "note",
];

/// The columns of the table of current figures, in order.
const TABLE: [&str; 5] = ["target", "command", "figure", "date", "machine"];

/// A file's text, by its path from the workspace's root.
fn read(file: &str) -> String {
    std::fs::read_to_string(workspace().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// One line of a data file: its fields by column, and where it is.
struct Line {
    fields: BTreeMap<&'static str, String>,
    place: String,
}

impl Line {
    fn get(&self, column: &str) -> &str {
        &self.fields[column]
    }
}

/// Whether `text` is a date written `YYYY-MM-DD`.
fn is_date(text: &str) -> bool {
    text.len() == 10
        && text.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

/// The lines of a data file in `benches/runs/`, each checked for its form.
fn data(file: &str) -> Vec<Line> {
    let text = read(&format!("benches/runs/{file}"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    assert_eq!(header, COLUMNS, "{file}: its first line names the columns");
    lines
        .enumerate()
        .map(|(i, text)| {
            let place = format!("{file}:{}", i + 2);
            let fields: Vec<&str> = text.split('\t').collect();
            assert_eq!(
                fields.len(),
                COLUMNS.len(),
                "{place}: a field for each column"
            );
            let line = Line {
                fields: COLUMNS
                    .into_iter()
                    .zip(fields.into_iter().map(String::from))
                    .collect(),
                place,
            };
            assert!(is_date(line.get("date")), "{}: a date", line.place);
            for column in ["target", "measure", "machine"] {
                assert!(!line.get(column).is_empty(), "{}: no {column}", line.place);
            }
            line
        })
        .collect()
}

/// The rows of the first table of `BENCHMARKS.md` under its header row,
/// each split into its cells.
fn table() -> Vec<Vec<String>> {
    let text = read("BENCHMARKS.md");
    let mut rows = text
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
            inner
                .split('|')
                .map(|cell| cell.trim().to_string())
                .collect::<Vec<_>>()
        });
    assert_eq!(
        rows.next().unwrap_or_default(),
        TABLE,
        "the table's columns"
    );
    rows.skip(1)
        .inspect(|row| assert_eq!(row.len(), TABLE.len(), "a cell for each column: {row:?}"))
        .collect()
}

/// The newest line of each target: the last one of its latest date.
fn newest(lines: &[Line]) -> BTreeMap<&str, &Line> {
    let mut newest: BTreeMap<&str, &Line> = BTreeMap::new();
    for line in lines {
        let target = line.get("target");
        if newest
            .get(target)
            .is_none_or(|old| line.get("date") >= old.get("date"))
        {
            newest.insert(target, line);
        }
    }
    newest
}

#[test]
fn each_row_is_the_newest_run_of_its_target() {
    let history = data("history.tsv");
    let newest = newest(&history);
    for row in table() {
        let [target, command, figure, date, machine] = &row[..] else {
            unreachable!("five cells, checked by table()")
        };
        let line = newest
            .get(target.as_str())
            .unwrap_or_else(|| panic!("{target:?}: no run in history.tsv"));
        let place = &line.place;
        assert_eq!(
            *command,
            format!("`{}`", line.get("command")),
            "{place}: the command"
        );
        assert_eq!(date, line.get("date"), "{place}: the date");
        let load = line.get("load");
        let expected = if load.is_empty() {
            line.get("machine").to_string()
        } else {
            format!("{}, load {load}", line.get("machine"))
        };
        assert_eq!(*machine, expected, "{place}: the machine");
        let unit = line.get("unit");
        let (value, baseline, ratio) =
            (line.get("figure"), line.get("baseline"), line.get("ratio"));
        assert!(
            !value.is_empty() || !ratio.is_empty(),
            "{place}: a figure or a ratio"
        );
        if !value.is_empty() {
            let start = format!("{value} {unit}");
            assert!(
                figure.starts_with(&start),
                "{place}: {figure:?} gives {start:?} first"
            );
        }
        if !baseline.is_empty() {
            let part = format!("{baseline} {unit}");
            assert!(
                figure.contains(&part),
                "{place}: {figure:?} gives the baseline {part:?}"
            );
        }
        if !ratio.is_empty() {
            let part = format!("{ratio}x");
            assert!(
                figure.contains(&part),
                "{place}: {figure:?} gives the ratio {part:?}"
            );
        }
    }
}

#[test]
fn every_target_of_the_data_has_its_row() {
    let rows = table();
    let targets: BTreeSet<&str> = rows.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(targets.len(), rows.len(), "one row a target");
    for file in ["history.tsv", "details.tsv"] {
        for line in data(file) {
            let target = line.get("target");
            assert!(
                targets.contains(target),
                "{}: {target:?} has no row in BENCHMARKS.md",
                line.place
            );
        }
    }
}

#[test]
fn the_runs_of_a_target_give_one_measure() {
    let mut measures: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in data("history.tsv") {
        let measure = line.get("measure").to_string();
        measures
            .entry(line.get("target").to_string())
            .or_default()
            .insert(measure);
    }
    for (target, measures) in measures {
        assert_eq!(measures.len(), 1, "{target:?} in history.tsv: {measures:?}");
    }
}
