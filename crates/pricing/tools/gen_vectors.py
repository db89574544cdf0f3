#!/usr/bin/env python3
"""Writes ../vectors.json, the pricing cases shared by the Rust tests and the frontend tests.

Every expected value is computed here with exact fractions, independently of the Rust code, and
the rupee strings are checked against the browser's Intl.NumberFormat through node. Run it from
anywhere: python3 crates/pricing/tools/gen_vectors.py
"""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "vectors.json"


def round_half_away(x: Fraction) -> int:
    """x rounded to an integer, ties away from zero."""
    magnitude = abs(x)
    whole = magnitude.numerator // magnitude.denominator
    if magnitude - whole >= Fraction(1, 2):
        whole += 1
    return whole if x >= 0 else -whole


def line(price_paise, gst_rate_bp, quantity):
    return {"price_paise": price_paise, "gst_rate_bp": gst_rate_bp, "quantity": quantity}


def totals(lines):
    """Spec section 9: total exact, tax = the exact sum of the line taxes rounded once."""
    total = sum(l["price_paise"] * l["quantity"] for l in lines)
    exact_tax = sum(
        (Fraction(l["price_paise"] * l["quantity"] * l["gst_rate_bp"], 10000 + l["gst_rate_bp"])
         for l in lines),
        Fraction(0),
    )
    tax = round_half_away(exact_tax)
    return {
        "count": sum(l["quantity"] for l in lines),
        "subtotal_paise": total - tax,
        "tax_paise": tax,
        "total_paise": total,
    }


def discount(mrp, retail):
    if mrp is None or mrp <= 0 or mrp == retail:
        return None
    hundredths = round_half_away(Fraction((mrp - retail) * 10000, mrp))
    sign = "-" if hundredths < 0 else ""
    return f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"


def group_indian(n: int) -> str:
    digits = str(n)
    if len(digits) <= 3:
        return digits
    head, tail = digits[:-3], digits[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    groups.insert(0, head)
    return ",".join(groups + [tail])


def format_full(paise: int) -> str:
    sign = "-" if paise < 0 else ""
    return f"{sign}₹{group_indian(abs(paise) // 100)}.{abs(paise) % 100:02d}"


def format_short(paise: int) -> str:
    rupees = round_half_away(Fraction(paise, 100))
    sign = "-" if rupees < 0 else ""
    return f"{sign}₹{group_indian(abs(rupees))}"


def split(tax: int, intra_state: bool):
    if not intra_state:
        return {"cgst_paise": 0, "sgst_paise": 0, "igst_paise": tax}
    sgst = abs(tax) // 2 * (1 if tax >= 0 else -1)  # half, truncated toward zero
    return {"cgst_paise": tax - sgst, "sgst_paise": sgst, "igst_paise": 0}


CARTS = [
    ("one line at 18%", [line(11800, 1800, 1)]),
    ("one line at 0%", [line(25000, 0, 3)]),
    ("one line at 5%", [line(10500, 500, 1)]),
    ("one line at 12%, quantity 2", [line(11200, 1200, 2)]),
    ("one line at 28%", [line(12800, 2800, 1)]),
    ("one line at 40%", [line(99900, 4000, 3)]),
    ("empty cart", []),
    ("a line with quantity 0", [line(11800, 1800, 0), line(500, 500, 2)]),
    ("tie: 16 paise at 28% carry exactly 3.5 paise, rounded up", [line(16, 2800, 1)]),
    ("tie: 14 paise at 12% carry exactly 1.5 paise", [line(14, 1200, 1)]),
    ("two tie lines round once: 3.5 + 3.5 = 7, not 8",
     [line(16, 2800, 1), line(16, 2800, 1)]),
    ("tie line with quantity 2: exactly 7", [line(16, 2800, 2)]),
    ("tie made of two rates: 1/7 + 33/14 = 2.5 paise",
     [line(3, 500, 1), line(22, 1200, 1)]),
    ("three lines of .41 paise each: rounding per line would lose a paisa",
     [line(2992, 1800, 1), line(3051, 1800, 1), line(3110, 1800, 1)]),
    ("1 paisa at 18%", [line(1, 1800, 1)]),
    ("1 paisa at 18%, quantity 999", [line(1, 1800, 999)]),
    ("99 paise at 12%, quantity 7", [line(99, 1200, 7)]),
    ("prices under a rupee at every rate",
     [line(1, 0, 5), line(5, 500, 3), line(50, 1200, 2), line(99, 1800, 1), line(16, 2800, 999)]),
    ("quantity 999 at 18%", [line(123456, 1800, 999)]),
    ("quantity 999 at 0%", [line(4999, 0, 999)]),
    ("mixed rates, one line each",
     [line(45000, 0, 1), line(26650, 500, 2), line(89900, 1200, 1), line(54999, 1800, 3),
      line(129900, 2800, 1)]),
    ("farm order: seeds, fertiliser, pesticide, sprayer",
     [line(85000, 0, 4), line(26600, 500, 10), line(74550, 1800, 2), line(349900, 1200, 1),
      line(1999, 1800, 12)]),
    ("same rate on several lines, in between other rates",
     [line(1999, 1800, 3), line(4999, 500, 1), line(2999, 1800, 2), line(777, 1200, 9),
      line(3333, 1800, 1)]),
    ("total above one crore", [line(1500000000, 1800, 1)]),
    ("total above one crore, quantity 999, mixed rates",
     [line(4999900, 1800, 999), line(2500000, 500, 999), line(1234567, 2800, 7)]),
    ("tie above one crore: 7 x 10000016 / 32 = 2187503.5", [line(10000016, 2800, 1)]),
]

LINES = [
    ("one unit at 18%", line(11800, 1800, 1)),
    ("tie at 28%: 3.5 paise", line(16, 2800, 1)),
    ("tie at 12%, quantity 3: 4.5 paise", line(14, 1200, 3)),
    ("1 paisa at 5%", line(1, 500, 1)),
    ("quantity 999 at 12%", line(65432, 1200, 999)),
    ("0% rate", line(123456, 0, 2)),
    ("40% rate", line(250001, 4000, 1)),
    ("above one crore at 28%", line(123456789, 2800, 11)),
]

DISCOUNTS = [
    (50000, 42500),
    (800, 700),
    (300, 200),
    (300, 100),
    (800, 799),  # 0.125 % exactly: a tie, rounded up to 0.13
    (800, 801),  # -0.125 %: rounded away from zero to -0.13
    (1000000, 999999),  # 0.0001 %: rounds to 0.00 but the prices differ, so it is shown
    (10000, 0),
    (10000, 12000),
    (None, 100),
    (0, 100),
    (-500, 100),
    (42500, 42500),
    (1, 0),
]

FORMAT_VALUES = [
    0, 1, 5, 49, 50, 99, 100, 150, 250, 999, 99949, 99950, 123450, 12345678, 99999999,
    1000000000, 1234567890, 123456789012, 999999999999999,
    -1, -49, -50, -51, -250, -12345678, -1000000000,
]

SPLITS = [
    (1801, True), (1801, False), (1800, True), (0, True), (1, True), (-1801, True),
    (123456789, True), (123456789, False), (-7, False),
]

# Delivery fees by weight (crates/pricing/src/delivery.rs, frontend/src/lib/delivery-fee.ts).
KERALA = {
    "bands": [
        {"up_to_grams": 5000, "fee_paise": 6000},
        {"up_to_grams": 25000, "fee_paise": 15000},
        {"up_to_grams": 50000, "fee_paise": 25000},
    ],
    "further": {"grams": 50000, "fee_paise": 20000},
    "free_above_paise": None,
}
KERALA_FREE = {**KERALA, "free_above_paise": 500000}
ONE_BAND = {
    "bands": [{"up_to_grams": 1000, "fee_paise": 4900}],
    "further": {"grams": 500, "fee_paise": 1250},
    "free_above_paise": 200000,
}
DELIVERY = [
    ("nothing to carry (a service)", KERALA, 0, 100000),
    ("one gram", KERALA, 1, 100000),
    ("a 1 kg pack", KERALA, 1100, 24000),
    ("exactly the first band", KERALA, 5000, 24000),
    ("one gram into the second band", KERALA, 5001, 24000),
    ("exactly the last band", KERALA, 50000, 100000),
    ("one 50 kg sack with its bag", KERALA, 54020, 150000),
    ("exactly one step past the last band", KERALA, 100000, 150000),
    ("one gram into a second step", KERALA, 100001, 150000),
    ("three sacks", KERALA, 162060, 450000),
    ("three sacks just under the free amount", KERALA_FREE, 162060, 499999),
    ("three sacks at the free amount", KERALA_FREE, 162060, 500000),
    ("three sacks above the free amount", KERALA_FREE, 162060, 900000),
    ("small steps past one band", ONE_BAND, 2600, 150000),
    ("small steps, free from the amount", ONE_BAND, 2600, 200000),
]


def delivery_fee(rate, weight, items_total):
    """The band the weight fits in; past the last, each further step begun; free from the amount,
    and free with nothing to carry."""
    free = rate["free_above_paise"]
    if weight == 0 or (free is not None and items_total >= free):
        return 0
    for band in rate["bands"]:
        if weight <= band["up_to_grams"]:
            return band["fee_paise"]
    last = rate["bands"][-1]
    step = rate["further"]
    steps = -(-(weight - last["up_to_grams"]) // step["grams"])
    return last["fee_paise"] + steps * step["fee_paise"]


def build():
    return {
        "rounding": "half away from zero, once per cart on the exact sum of line taxes",
        "cart_totals": [
            {"name": name, "lines": lines, "expected": totals(lines)} for name, lines in CARTS
        ],
        "line_amounts": [
            {
                "name": name,
                "line": l,
                "expected": {
                    "taxable_paise": t["subtotal_paise"],
                    "tax_paise": t["tax_paise"],
                    "total_paise": t["total_paise"],
                },
            }
            for name, l in LINES
            for t in [totals([l])]
        ],
        "discount_percent": [
            {"mrp_paise": mrp, "retail_paise": retail, "expected": discount(mrp, retail)}
            for mrp, retail in DISCOUNTS
        ],
        "format_full": [{"paise": p, "expected": format_full(p)} for p in FORMAT_VALUES],
        "format_short": [{"paise": p, "expected": format_short(p)} for p in FORMAT_VALUES],
        "gst_split": [
            {"tax_paise": tax, "intra_state": intra, "expected": split(tax, intra)}
            for tax, intra in SPLITS
        ],
        "delivery_fees": [
            {
                "name": name,
                "rate": rate,
                "weight_grams": weight,
                "items_total_paise": items,
                "expected_fee_paise": delivery_fee(rate, weight, items),
            }
            for name, rate, weight, items in DELIVERY
        ],
    }


NODE_CHECK = """
const v = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const full = new Intl.NumberFormat('en-IN', {style: 'currency', currency: 'INR'});
const short = new Intl.NumberFormat('en-IN', {style: 'currency', currency: 'INR',
  maximumFractionDigits: 0, minimumFractionDigits: 0, signDisplay: 'negative'});
const bad = [];
for (const c of v.format_full) if (full.format(c.paise / 100) !== c.expected)
  bad.push(['full', c.paise, full.format(c.paise / 100), c.expected]);
for (const c of v.format_short) if (short.format(c.paise / 100) !== c.expected)
  bad.push(['short', c.paise, short.format(c.paise / 100), c.expected]);
console.log(JSON.stringify(bad));
"""


def check_with_intl(vectors):
    """Fails unless node's Intl.NumberFormat prints every format vector the same way."""
    result = subprocess.run(
        ["node", "-e", NODE_CHECK], input=json.dumps(vectors), capture_output=True, text=True,
        check=True,
    )
    mismatches = json.loads(result.stdout)
    if mismatches:
        sys.exit(f"Intl.NumberFormat disagrees: {mismatches}")


def main():
    vectors = build()
    check_with_intl(vectors)
    OUT.write_text(json.dumps(vectors, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    counts = {k: len(v) for k, v in vectors.items() if isinstance(v, list)}
    print(f"wrote {OUT}: {counts}, {sum(counts.values())} cases")


if __name__ == "__main__":
    main()
