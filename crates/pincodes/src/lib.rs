//! India Post's PIN code directory, embedded in the binary: which district and state a PIN code
//! is in. The data (`data/pincodes.txt`, written by `tools/compact.py` from the `indian-pincode`
//! package's copy) is India Post's, under GODL-India; `data/NOTICE.md` holds the attribution the
//! licence asks for.
//!
//! The text is parsed once, at the first lookup, into a map of about 19,500 entries (a few
//! milliseconds, under 2 MB).

use std::collections::HashMap;
use std::sync::LazyLock;

use fields::{IndianState, Pincode};

const DATA: &str = include_str!("../data/pincodes.txt");

static DIRECTORY: LazyLock<Directory> = LazyLock::new(|| Directory::parse(DATA));

/// Where a PIN code is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The district, as India Post names it in title case (`Idukki`, `The Nilgiris`); `None` for
    /// the few PIN codes the directory knows only the state of.
    pub district: Option<&'static str>,
    /// The state most of its post offices are in.
    pub state: IndianState,
    /// Other states it reaches (a few PIN codes straddle a border); usually empty.
    pub other_states: &'static [IndianState],
}

impl Place {
    /// Whether the PIN code reaches `state`.
    pub fn reaches(&self, state: IndianState) -> bool {
        self.state == state || self.other_states.contains(&state)
    }
}

/// The PIN code's place, or `None` when India Post's directory does not list it (new PIN codes
/// appear from time to time: callers then ask for the district and state).
pub fn lookup(pin: &Pincode) -> Option<Place> {
    DIRECTORY.lookup(pin.as_str())
}

/// The states a PIN code may be in by its first digits, whether or not the directory lists the
/// code itself: those of every listed code sharing its first three digits (its sorting
/// district), or, when none does, its first two (its postal circle). A prefix can belong to
/// several states: Kerala's `682` also serves Lakshadweep (682 555-559), its `673` Mahe
/// (Puducherry). Empty when not even the circle is known. Derived from the directory itself,
/// so it follows the data rather than a hand-written table.
pub fn prefix_states(pin: &Pincode) -> &'static [IndianState] {
    let Ok(key) = pin.as_str().parse::<u32>() else {
        return &[];
    };
    let directory = &*DIRECTORY;
    directory
        .districts
        .get(&(key / 1000))
        .or_else(|| directory.circles.get(&(key / 10_000)))
        .map_or(&[], Vec::as_slice)
}

/// How many PIN codes the directory knows.
pub fn len() -> usize {
    DIRECTORY.entries.len()
}

struct Entry {
    district: Option<&'static str>,
    state: IndianState,
}

struct Directory {
    entries: HashMap<u32, Entry>,
    others: HashMap<u32, Vec<IndianState>>,
    /// The states of the listed codes by their first three digits...
    districts: HashMap<u32, Vec<IndianState>>,
    /// ...and by their first two.
    circles: HashMap<u32, Vec<IndianState>>,
}

impl Directory {
    /// Parses the embedded text. Its lines are checked by this crate's tests; a line that does not
    /// read is skipped rather than taking the shop down (its PIN codes then ask for the state).
    fn parse(text: &'static str) -> Self {
        let mut entries = HashMap::with_capacity(20_000);
        let mut others = HashMap::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let mut parts = line.split('\t');
            let (Some(first), Some(second), Some(third)) =
                (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            if first == "+" {
                let states: Vec<IndianState> = third
                    .split(',')
                    .filter_map(|s| IndianState::parse(s).ok())
                    .collect();
                if let Ok(pin) = second.parse() {
                    others.insert(pin, states);
                }
                continue;
            }
            let Ok(state) = IndianState::parse(first) else {
                continue;
            };
            let district = (!second.is_empty()).then_some(second);
            for (prefix, pin) in pins(third) {
                entries.insert(prefix * 1000 + pin, Entry { district, state });
            }
        }
        let mut districts: HashMap<u32, Vec<IndianState>> = HashMap::new();
        let mut circles: HashMap<u32, Vec<IndianState>> = HashMap::new();
        let states_of = |pin: &u32, entry: &Entry| {
            let mut states = vec![entry.state];
            states.extend(others.get(pin).into_iter().flatten().copied());
            states
        };
        for (pin, entry) in &entries {
            for state in states_of(pin, entry) {
                for (map, key) in [(&mut districts, pin / 1000), (&mut circles, pin / 10_000)] {
                    let states = map.entry(key).or_default();
                    if !states.contains(&state) {
                        states.push(state);
                    }
                }
            }
        }
        for states in districts.values_mut().chain(circles.values_mut()) {
            states.sort_by_key(|state| state.name());
        }
        Self {
            entries,
            others,
            districts,
            circles,
        }
    }

    fn lookup(&'static self, pin: &str) -> Option<Place> {
        let key: u32 = pin.parse().ok()?;
        let entry = self.entries.get(&key)?;
        Some(Place {
            district: entry.district,
            state: entry.state,
            other_states: self.others.get(&key).map_or(&[], Vec::as_slice),
        })
    }
}

/// `685:501,503 686:513` as (685, 501), (685, 503), (686, 513).
fn pins(runs: &str) -> impl Iterator<Item = (u32, u32)> + '_ {
    runs.split(' ')
        .filter_map(|run| run.split_once(':'))
        .flat_map(|(prefix, rest)| {
            let prefix: Option<u32> = prefix.parse().ok();
            rest.split(',')
                .filter_map(move |pin| Some((prefix?, pin.parse().ok()?)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(pin: &str) -> Option<Place> {
        lookup(&Pincode::parse(pin).unwrap())
    }

    fn state(name: &str) -> IndianState {
        IndianState::parse(name).unwrap()
    }

    #[test]
    fn the_shops_own_pin_code_is_in_idukki_kerala() {
        let kattappana = place("685508").unwrap();
        assert_eq!(kattappana.district, Some("Idukki"));
        assert_eq!(kattappana.state, state("Kerala"));
        assert!(kattappana.other_states.is_empty());
    }

    #[test]
    fn districts_and_states_across_the_country() {
        for (pin, district, state_name) in [
            ("682001", "Ernakulam", "Kerala"),
            ("686001", "Kottayam", "Kerala"),
            ("641001", "Coimbatore", "Tamil Nadu"),
            ("643001", "The Nilgiris", "Tamil Nadu"),
            ("600001", "Chennai", "Tamil Nadu"),
            ("560001", "Bengaluru Urban", "Karnataka"),
            ("744101", "South Andamans", "Andaman and Nicobar Islands"),
            ("682555", "Lakshadweep District", "Lakshadweep"),
            (
                "396210",
                "Daman",
                "Dadra and Nagar Haveli and Daman and Diu",
            ),
        ] {
            let found = place(pin).unwrap_or_else(|| panic!("{pin} is missing"));
            assert_eq!(found.district, Some(district), "{pin}");
            assert_eq!(found.state, state(state_name), "{pin}");
        }
    }

    #[test]
    fn a_pin_code_across_a_border_reaches_both_states() {
        let south_delhi = place("110025").unwrap();
        assert_eq!(south_delhi.state, state("Delhi"));
        assert_eq!(south_delhi.district, Some("South"));
        assert!(south_delhi.reaches(state("Uttar Pradesh")));
        assert!(!south_delhi.reaches(state("Kerala")));
    }

    #[test]
    fn some_pin_codes_have_a_state_but_no_district() {
        let found = place("121999").unwrap();
        assert_eq!((found.district, found.state), (None, state("Haryana")));
    }

    #[test]
    fn a_prefix_belongs_to_the_states_of_its_listed_codes() {
        let states = |pin: &str| -> Vec<&str> {
            prefix_states(&Pincode::parse(pin).unwrap())
                .iter()
                .map(|s| s.name())
                .collect()
        };
        // Coimbatore's prefix: Tamil Nadu only, listed or not.
        assert_eq!(states("641001"), ["Tamil Nadu"]);
        assert_eq!(place("641999"), None, "an unlisted Coimbatore code");
        assert_eq!(states("641999"), ["Tamil Nadu"]);
        // Kerala's circle serves Lakshadweep and Mahe too.
        assert_eq!(states("682999"), ["Kerala", "Lakshadweep"]);
        assert_eq!(states("673999"), ["Kerala", "Puducherry"]);
        assert_eq!(states("685599"), ["Kerala"]);
        // No code listed under a prefix: its circle's states; nothing at all: none.
        assert!(states("999999").is_empty());
    }

    #[test]
    fn unknown_pin_codes_are_none() {
        assert_eq!(place("999999"), None);
        assert_eq!(place("100000"), None);
        // In India Post's data without any state: left out.
        assert_eq!(place("201319"), None);
    }

    #[test]
    fn every_line_of_the_data_reads() {
        let mut count = 0;
        for line in DATA.lines().filter(|l| !l.starts_with('#')) {
            let parts: Vec<&str> = line.split('\t').collect();
            assert_eq!(parts.len(), 3, "{line}");
            if parts[0] == "+" {
                assert!(
                    parts[1].len() == 6 && parts[1].parse::<u32>().is_ok(),
                    "{line}"
                );
                for other in parts[2].split(',') {
                    // Written exactly as checkout's states list writes it.
                    assert_eq!(
                        IndianState::parse(other).map(|s| s.name()),
                        Ok(other),
                        "{line}"
                    );
                }
                continue;
            }
            assert_eq!(
                IndianState::parse(parts[0]).map(|s| s.name()),
                Ok(parts[0]),
                "{line}"
            );
            for run in parts[2].split(' ') {
                let (prefix, rest) = run.split_once(':').unwrap();
                assert!(prefix.len() == 3 && !prefix.starts_with('0'), "{run}");
                for pin in rest.split(',') {
                    assert_eq!(pin.len(), 3, "{run}");
                    assert!(Pincode::parse(&format!("{prefix}{pin}")).is_ok(), "{run}");
                    count += 1;
                }
            }
        }
        assert_eq!(count, len(), "no PIN code listed twice");
        assert_eq!(len(), 19_504);
    }

    #[test]
    fn every_state_and_union_territory_has_pin_codes() {
        for (name, _) in fields::states::STATES {
            assert!(
                DIRECTORY.entries.values().any(|e| e.state.name() == name),
                "{name}"
            );
        }
    }
}
