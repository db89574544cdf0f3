#!/usr/bin/env python3
"""Writes ../data/pincodes.txt, the PIN code directory the binary embeds, from India Post's data
as the `indian-pincode` package ships it (under GODL-India; see ../data/NOTICE.md):

    pip download --no-deps indian-pincode==2.1.0 -d /tmp/pin
    cd /tmp/pin && unzip -o indian_pincode-2.1.0-py3-none-any.whl
    python3 crates/pincodes/tools/compact.py /tmp/pin/indian_pincode/data/core-data.json

Each PIN code is kept once, under its primary state (the one most of its post offices are in,
as the package decides) and, of its districts in that state, the first by name. The 52 PIN codes
whose post offices straddle a state border also name their other states. PIN codes the data
gives no state for are left out (the shop then asks for the district and state); the 18 it
gives a state but no district for are kept with an empty district.

The output, one line per district, PIN codes by their first three digits:

    Kerala<TAB>Idukki<TAB>685:501,503,505 686:513
    Haryana<TAB><TAB>121:999 122:998,999
    +<TAB>110025<TAB>Uttar Pradesh

Names are written as the shop writes them: states as in crates/fields/src/states.rs (which the
crate's tests check), districts in title case ("The Nilgiris", "Lahul and Spiti").
"""

import json
import sys
from collections import defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "data" / "pincodes.txt"

# India Post's spelling where it differs from the states list checkout uses.
STATE_NAMES = {
    "THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU": "Dadra and Nagar Haveli and Daman and Diu",
}
SMALL_WORDS = {"and", "of"}


def title(name: str) -> str:
    if name in STATE_NAMES:
        return STATE_NAMES[name]
    words = name.lower().split()
    return " ".join(
        w if i > 0 and w in SMALL_WORDS else "-".join(p[:1].upper() + p[1:] for p in w.split("-"))
        for i, w in enumerate(words)
    )


def main(source: str) -> None:
    data = json.loads(Path(source).read_text(encoding="utf-8"))
    pins, acc = [], 0
    for delta in data["pincodes"]:
        acc += delta
        pins.append(acc)
    states = [title(s) for s in data["states"]]
    districts = [title(d) for d in data["districts"]]
    pairs = data["districtPairs"]
    by_district = defaultdict(list)
    also = []
    skipped = 0
    for i, pin in enumerate(pins):
        state = data["stateIdx"][i]
        group = data["pairGroups"][i]
        group = group if isinstance(group, list) else [group]
        names = sorted(districts[pairs[p][0]] for p in group if pairs[p][1] == state)
        if state == -1:
            skipped += 1
            continue
        by_district[(states[state], names[0] if names else "")].append(pin)
        others = sorted(states[s] for s in data["statesAllSparse"].get(str(i), []) if s != state)
        if others:
            also.append((pin, others))
    lines = [
        f"# India Post PIN code directory, {data['version']} (from the indian-pincode 2.1.0 package).",
        "# Contains data from India Post, Department of Posts, Government of India, published on",
        "# data.gov.in under the Government Open Data License - India (GODL-India). See NOTICE.md.",
        "# Written by crates/pincodes/tools/compact.py; do not edit by hand.",
    ]
    for (state, district), group in sorted(by_district.items()):
        prefixes = defaultdict(list)
        for pin in sorted(group):
            prefixes[pin // 1000].append(f"{pin % 1000:03d}")
        runs = " ".join(f"{p}:{','.join(rest)}" for p, rest in sorted(prefixes.items()))
        lines.append(f"{state}\t{district}\t{runs}")
    for pin, others in also:
        lines.append(f"+\t{pin}\t{','.join(others)}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    kept = sum(len(g) for g in by_district.values())
    print(f"{OUT}: {kept} PIN codes in {len(by_district)} districts, {len(also)} straddling a border, {skipped} without a state left out")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
