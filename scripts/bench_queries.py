#!/usr/bin/env python3
"""The search mix of `just bench`: distinct queries drawn from the shop's own database, written as
a wrk Lua script that asks one of them, chosen at random, per request.

    bench_queries.py SHOP_DB OUT_LUA [COUNT]

The queries, as farmers type them (issue 35):
- product names, whole or their first words, in English, Malayalam and Tamil script, some with
  a generated typo (a letter dropped, doubled, changed or two neighbours swapped; in Malayalam and
  Tamil a letter is a character with its vowel signs, as the search counts it);
- crop and problem names and their other spellings, in every language and in Latin letters;
- two-word terms: a crop or problem with a product word (`neem cardamom`, `thrips ഏലം`).

Malayalam and Tamil queries go to the shop in that language (`Accept-Language`), as the app asks.
The queries are deterministic for one database (a fixed seed), so runs compare.
"""

import random
import sqlite3
import sys
import unicodedata
import urllib.parse

WANTED = int(sys.argv[3]) if len(sys.argv) > 3 else 2400


def letters(word):
    """A word's letters: a character with the combining marks (vowel signs, virama) after it."""
    out = []
    for c in word:
        if out and unicodedata.category(c) in ("Mn", "Mc"):
            out[-1] += c
        else:
            out.append(c)
    return out


def with_typo(rng, text):
    """`text` with one typo in its longest word (of at least 4 letters), or None."""
    words = text.split()
    candidates = [i for i, w in enumerate(words) if len(letters(w)) >= 4]
    if not candidates:
        return None
    i = max(candidates, key=lambda k: len(letters(words[k])))
    parts = letters(words[i])
    at = rng.randrange(1, len(parts))  # farmers get the first letter right
    kind = rng.choice(["drop", "double", "change", "swap"])
    if kind == "drop":
        del parts[at]
    elif kind == "double":
        parts.insert(at, parts[at])
    elif kind == "change":
        pool = [p for p in parts if p != parts[at]] or parts
        parts[at] = rng.choice(pool)
    elif at + 1 < len(parts):
        parts[at], parts[at + 1] = parts[at + 1], parts[at]
    else:
        parts[at - 1], parts[at] = parts[at], parts[at - 1]
    words[i] = "".join(parts)
    return " ".join(words)


def split_names(text):
    return [n.strip() for n in (text or "").replace("\n", ",").split(",") if n.strip()]


def main():
    db = sqlite3.connect(sys.argv[1])
    rng = random.Random(35)
    queries = {}  # (locale, text) -> None, in insertion order

    def add(locale, text):
        text = " ".join(text.lower().split())[:100]
        if text:
            queries.setdefault((locale, text), None)

    names = {"en": [], "ml": [], "ta": []}
    for (name,) in db.execute("SELECT name FROM products WHERE is_active ORDER BY id"):
        names["en"].append(name)
    for locale, name in db.execute(
        "SELECT locale, name FROM product_translations WHERE name IS NOT NULL ORDER BY product_id"
    ):
        names[locale].append(name)

    terms = {"en": [], "ml": [], "ta": []}  # crop and problem words per shop language
    for table, translations, key in (
        ("crops", "crop_translations", "crop_id"),
        ("problems", "problem_translations", "problem_id"),
    ):
        for (name, other) in db.execute(f"SELECT name, other_names FROM {table}"):
            terms["en"] += [name] + split_names(other)  # Latin spellings are typed in English
        for (locale, name, other) in db.execute(
            f"SELECT locale, name, other_names FROM {translations}"
        ):
            for word in [name or ""] + split_names(other):
                latin = word.isascii()
                terms["en" if latin else locale].append(word)

    for locale, words in terms.items():
        for word in words:
            add(locale, word)
            typo = with_typo(rng, word)
            if typo:
                add(locale, typo)

    product_words = {
        locale: sorted({w for n in ns for w in n.lower().split() if len(letters(w)) >= 4})
        for locale, ns in names.items()
    }
    # Two-word terms: a crop or problem with a product word of the same language.
    for locale in ("en", "ml", "ta"):
        if not terms[locale] or not product_words[locale]:
            continue
        for _ in range(WANTED // 10):
            add(locale, f"{rng.choice(product_words[locale])} {rng.choice(terms[locale])}")

    # Product names, whole or their first word or two, a third of them with a typo; each language
    # gets its share even though English holds most names.
    share = {"en": WANTED // 2, "ml": WANTED // 5, "ta": WANTED // 5}
    for locale, wanted in share.items():
        pool = names[locale][:]
        rng.shuffle(pool)
        start = len([1 for (loc, _) in queries if loc == locale])
        for name in pool:
            if len([1 for (loc, _) in queries if loc == locale]) - start >= wanted:
                break
            words = name.split()
            text = " ".join(words[: rng.choice([1, 2, 2, 3, len(words)])])
            if rng.random() < 0.35:
                text = with_typo(rng, text) or text
            add(locale, text)

    if len(queries) < 2000:
        sys.exit(f"only {len(queries)} distinct queries from {sys.argv[1]}: the mix wants 2,000")

    with open(sys.argv[2], "w", encoding="utf-8") as lua:
        lua.write("-- generated by scripts/bench_queries.py\nlocal queries = {\n")
        for locale, text in queries:
            path = "/api/search?search=" + urllib.parse.quote(text)
            lua.write(f'  {{"{path}", "{locale}"}},\n')
        lua.write(
            "}\n"
            "math.randomseed(os.time())\n"
            "request = function()\n"
            "  local q = queries[math.random(#queries)]\n"
            '  return wrk.format(nil, q[1], {["Accept-Language"] = q[2], '
            '["Accept-Encoding"] = "gzip, deflate, br, zstd"})\n'
            "end\n"
        )
    by_locale = {l: sum(1 for (loc, _) in queries if loc == l) for l in ("en", "ml", "ta")}
    print(f"{len(queries)} distinct queries (en {by_locale['en']}, ml {by_locale['ml']}, "
          f"ta {by_locale['ta']})")


if __name__ == "__main__":
    main()
