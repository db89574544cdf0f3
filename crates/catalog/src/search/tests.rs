use super::*;

/// A product named `name`, in stock, with `other` as its brand/category text.
fn doc(name: &str, other: &[&str]) -> SearchDocument {
    SearchDocument {
        name: name.into(),
        other_text: texts(other),
        in_stock: true,
        ..SearchDocument::default()
    }
}

fn texts(list: &[&str]) -> Vec<SharedText> {
    list.iter().map(|&s| s.into()).collect()
}

/// Crop words held at the plain bond (nutrition, protection).
fn crop_words(list: &[&str]) -> Vec<(SharedText, Bond)> {
    list.iter().map(|&s| (s.into(), Bond::Plain)).collect()
}

fn index(docs: &[SearchDocument]) -> SearchIndex {
    SearchIndex::build(
        docs,
        &Synonyms::default(),
        CropNeedWords::default(),
        &mut TextPool::default(),
    )
}

fn names(index: &SearchIndex, docs: &[SearchDocument], term: &str) -> Vec<String> {
    let hits = index.search(term, usize::MAX);
    assert_eq!(hits.total, hits.best.len());
    hits.best
        .iter()
        .map(|&d| docs[d as usize].name.to_string())
        .collect()
}

fn chars(s: &str) -> Vec<char> {
    s.chars().collect()
}

#[test]
fn a_name_ranks_before_a_crop_a_search_word_and_a_category() {
    // Alphabetical order is the reverse of the fields', so only the weights can order them.
    let docs = vec![
        doc("Alpha Spray", &["Thrips control"]),
        SearchDocument {
            search_words: texts(&["thrips"]),
            ..doc("Beta Dust", &[])
        },
        SearchDocument {
            crops: crop_words(&["Thrips"]),
            ..doc("Gamma Granules", &[])
        },
        doc("Zeta Thrips Guard", &[]),
    ];
    let index = index(&docs);
    assert_eq!(
        names(&index, &docs, "thrips"),
        [
            "Zeta Thrips Guard",
            "Gamma Granules",
            "Beta Dust",
            "Alpha Spray"
        ]
    );
}

#[test]
fn a_whole_word_ranks_before_a_prefix() {
    let docs = vec![doc("Peppermint Oil", &[]), doc("Zinc for Pepper", &[])];
    let index = index(&docs);
    assert_eq!(
        names(&index, &docs, "pepper"),
        ["Zinc for Pepper", "Peppermint Oil"]
    );
    // A prefix still finds: the shopper is typing.
    assert_eq!(
        names(&index, &docs, "pep"),
        ["Peppermint Oil", "Zinc for Pepper"]
    );
}

#[test]
fn one_typo_from_four_letters_two_from_eight() {
    let docs = vec![
        doc("Neem Oil", &[]),
        doc("Nematicide Granules", &[]),
        doc("Cardamom Special", &[]),
    ];
    let index = index(&docs);
    // Four letters forgive one typo: neem, and nematicide as a prefix with a swap, below it.
    assert_eq!(
        names(&index, &docs, "neam"),
        ["Neem Oil", "Nematicide Granules"]
    );
    // Three letters forgive none: "nem" is only the start of nematicide.
    assert_eq!(names(&index, &docs, "nem"), ["Nematicide Granules"]);
    assert!(names(&index, &docs, "nxxm").is_empty());
    // Seven letters forgive one typo, not two; eight forgive two, not three.
    assert!(names(&index, &docs, "cardmon").is_empty());
    assert_eq!(names(&index, &docs, "cardamon"), ["Cardamom Special"]);
    assert_eq!(names(&index, &docs, "kardamon"), ["Cardamom Special"]);
    assert!(names(&index, &docs, "kardmaon").is_empty());
}

#[test]
fn fewer_typos_rank_first() {
    let docs = vec![
        doc("Cardamon Tonic", &[]),
        doc("Cardamom Booster", &[]),
        doc("Cardamum Mix", &[]),
    ];
    let index = index(&docs);
    // "kardamom" is one typo from cardamom, two from cardamon and cardamum.
    assert_eq!(
        names(&index, &docs, "kardamom"),
        ["Cardamom Booster", "Cardamon Tonic", "Cardamum Mix"]
    );
    // The exact word first, then one typo, then two.
    assert_eq!(
        names(&index, &docs, "cardamon"),
        ["Cardamon Tonic", "Cardamom Booster", "Cardamum Mix"]
    );
}

#[test]
fn a_four_letter_word_is_forgiven_one_typo_not_two() {
    let docs = vec![
        doc("Humic Granules with Neem", &[]),
        SearchDocument {
            crops: crop_words(&["quick wilt"]),
            ..doc("Phosguard", &[])
        },
    ];
    let index = index(&docs);
    // "wlit" is one swap from wilt, two edits from with.
    assert_eq!(names(&index, &docs, "wlit"), ["Phosguard"]);
}

#[test]
fn typo_distances_against_a_word_or_its_prefix() {
    let check = |q: &str, w: &str, typos| typo_match(&chars(q), &chars(w), typos);
    assert_eq!(check("cardamon", "cardamom", 2), Some(Quality::OneTypo));
    assert_eq!(check("cardmaom", "cardamom", 2), Some(Quality::OneTypo));
    assert_eq!(
        check("fungiside", "fungicides", 2),
        Some(Quality::OneTypoInPrefix)
    );
    assert_eq!(check("fertlizr", "fertilizer", 2), Some(Quality::TwoTypos));
    assert_eq!(check("peper", "pepper", 1), Some(Quality::OneTypo));
    assert_eq!(check("banama", "pineapple", 1), None);
    assert_eq!(check("fungisde", "fungicides", 1), None);
    assert_eq!(check("pepper", "pepper", 1), None, "exact is no typo");
    assert_eq!(
        check("wlit", "with", 1),
        None,
        "two typos where one is forgiven"
    );
    assert_eq!(check("wlit", "wilt", 1), Some(Quality::OneTypo));
}

#[test]
fn a_dropped_malayalam_or_tamil_letter_is_one_typo() {
    let docs = vec![doc("ஏலக்காய் உரம்", &[]), doc("കുരുമുളക് വള്ളി", &[])];
    let index = index(&docs);
    // க் (two code points) left out of ஏலக்காய்; ു for ൂ in കുരുമുളക്.
    assert_eq!(names(&index, &docs, "ஏலகாய்"), ["ஏலக்காய் உரம்"]);
    assert_eq!(names(&index, &docs, "കുരുമൂളക്"), ["കുരുമുളക് വള്ളി"]);
    assert_eq!(letters("ஏலக்காய்").len(), 5);
    // Four characters but two letters: no typo (காபி, coffee, is not கால், leg).
    let docs = vec![doc("கால் உறை", &[]), doc("காபி செடி", &[])];
    let index = self::index(&docs);
    assert_eq!(names(&index, &docs, "காபி"), ["காபி செடி"]);
}

#[test]
fn products_in_stock_rank_first_among_equals() {
    let docs = vec![
        SearchDocument {
            in_stock: false,
            ..doc("Neem Cake", &[])
        },
        doc("Neem Oil", &[]),
        SearchDocument {
            crops: crop_words(&["neem"]),
            ..doc("A Crop Match", &[])
        },
    ];
    let index = index(&docs);
    // Both names match equally: the one in stock first. A weaker match stays below, in stock
    // or not.
    assert_eq!(
        names(&index, &docs, "neem"),
        ["Neem Oil", "Neem Cake", "A Crop Match"]
    );
}

#[test]
fn a_name_that_is_the_whole_term_ranks_first_among_equals() {
    let docs = vec![
        doc("Super Neem Oil", &["Bio-pesticides"]),
        doc("Neem Oil Concentrate", &[]),
        doc("Neem Oil", &[]),
        doc("Pepper Guard", &["neem oil blend"]),
    ];
    let index = index(&docs);
    assert_eq!(
        names(&index, &docs, "neem oil"),
        [
            "Neem Oil",
            "Neem Oil Concentrate",
            "Super Neem Oil",
            "Pepper Guard"
        ]
    );
}

#[test]
fn every_word_must_match_before_the_products_matching_some() {
    let docs = vec![
        doc("Cardamom Booster", &["Growth Stimulants"]),
        doc("Cardamom Tonic", &[]),
        doc("Banana Booster", &[]),
    ];
    let index = index(&docs);
    // One product matches every word; the overlay's other two places go to those matching one.
    assert_eq!(
        names(&index, &docs, "cardamom booster"),
        ["Cardamom Booster", "Banana Booster", "Cardamom Tonic"]
    );
    assert_eq!(
        names(&index, &docs, "booster CARDAMOM growth")[0],
        "Cardamom Booster"
    );
    assert_eq!(
        names(&index, &docs, "cardamom tea"),
        ["Cardamom Booster", "Cardamom Tonic"]
    );
    assert!(names(&index, &docs, "tea").is_empty());
    assert!(names(&index, &docs, "tea coffee").is_empty());
    // No word at all: everything, by name; a page of the best.
    assert_eq!(index.search(" ,", usize::MAX).best, [2, 0, 1]);
    let top = index.search("booster", 1);
    assert_eq!((top.total, top.best.len()), (2, 1));
    assert_eq!(&*docs[top.best[0] as usize].name, "Banana Booster");
    // A second search on the same thread starts afresh; one match goes on with the products
    // whose names share its first word.
    assert_eq!(
        names(&index, &docs, "tonic"),
        ["Cardamom Tonic", "Cardamom Booster"]
    );
}

fn cardamom_synonyms() -> Synonyms {
    Synonyms::new(vec![
        ["cardamom", "elam", "elakka", "ഏലം", "ஏலக்காய்"]
            .map(String::from)
            .to_vec(),
        ["passion fruit", "kaithachakka", "பேஷன் பழம்"]
            .map(String::from)
            .to_vec(),
    ])
}

#[test]
fn synonyms_find_one_meaning_in_every_script() {
    let docs = vec![
        doc("Cardamom Special 18:18:18", &[]),
        doc("ഏലം വളം", &[]),
        SearchDocument {
            crops: crop_words(&["ஏலக்காய்"]),
            ..doc("Thripstop", &[])
        },
        SearchDocument {
            search_words: texts(&["elakka"]),
            ..doc("Root Booster", &[])
        },
        doc("Pepper Tonic", &[]),
        doc("Passion Fruit Seedlings", &[]),
    ];
    let index = SearchIndex::build(
        &docs,
        &cardamom_synonyms(),
        CropNeedWords::default(),
        &mut TextPool::default(),
    );
    let cardamom = [
        "Cardamom Special 18:18:18",
        "ഏലം വളം",
        "Thripstop",
        "Root Booster",
    ];
    for term in ["cardamom", "elam", "elakka", "ഏലം", "ஏலக்காய்"] {
        let mut found = names(&index, &docs, term);
        found.sort();
        let mut expected = cardamom.map(String::from).to_vec();
        expected.sort();
        assert_eq!(found, expected, "{term}");
    }
    // By field: the names, then the crop, then the search word.
    assert_eq!(
        names(&index, &docs, "elam")[2..],
        ["Thripstop", "Root Booster"]
    );
    // A typo in a synonym is forgiven like any other.
    assert_eq!(names(&index, &docs, "elakaa").len(), 4);
    // Entries of several words: either way round.
    assert_eq!(
        names(&index, &docs, "kaithachakka"),
        ["Passion Fruit Seedlings"]
    );
    assert_eq!(
        names(&index, &docs, "பேஷன் பழம்"),
        ["Passion Fruit Seedlings"]
    );
    // Words outside any group find only themselves.
    assert_eq!(names(&index, &docs, "pepper"), ["Pepper Tonic"]);
}

#[test]
fn a_literal_word_ranks_a_little_above_its_synonym() {
    let docs = vec![
        SearchDocument {
            search_words: texts(&["cardamom"]),
            ..doc("Alpha Mix", &[])
        },
        SearchDocument {
            search_words: texts(&["elam"]),
            ..doc("Zeta Mix", &[])
        },
        doc("Elam Estate Special", &[]),
    ];
    let index = SearchIndex::build(
        &docs,
        &cardamom_synonyms(),
        CropNeedWords::default(),
        &mut TextPool::default(),
    );
    assert_eq!(
        names(&index, &docs, "elam"),
        ["Elam Estate Special", "Zeta Mix", "Alpha Mix"]
    );
    // A synonym in the name still outranks the literal word among search words.
    assert_eq!(
        names(&index, &docs, "cardamom"),
        ["Elam Estate Special", "Alpha Mix", "Zeta Mix"]
    );
}

#[test]
fn composed_decomposed_and_chillu_spellings_find_each_other() {
    let docs = vec![
        // பொட்டாஷ் (potash) with ொ decomposed; നേന്ത്രൻ (nendran) with the old chillu ന്‍.
        doc(
            "\u{0BAA}\u{0BC6}\u{0BBE}\u{0B9F}\u{0BCD}\u{0B9F}\u{0BBE}\u{0BB7}\u{0BCD}",
            &[],
        ),
        doc("നേന്ത്ര\u{0D28}\u{0D4D}\u{200D} വാഴക്കന്ന്", &[]),
        // കൊപ്ര (copra) with ൊ composed.
        doc("\u{0D15}\u{0D4A}\u{0D2A}\u{0D4D}\u{0D30} ഡ്രയർ", &[]),
    ];
    let index = index(&docs);
    let found = |term: &str| index.search(term, usize::MAX).best;
    assert_eq!(
        found("\u{0BAA}\u{0BCA}\u{0B9F}\u{0BCD}\u{0B9F}\u{0BBE}\u{0BB7}\u{0BCD}"),
        [0]
    );
    assert_eq!(found("നേന്ത്ര\u{0D7B}"), [1]);
    assert_eq!(found("നേന്ത്ര\u{0D28}\u{0D4D}"), [1]);
    assert_eq!(
        found("\u{0D15}\u{0D46}\u{0D3E}\u{0D2A}\u{0D4D}\u{0D30}"),
        [2]
    );
    // A zero-width joiner typed inside a word changes nothing.
    assert_eq!(
        found("\u{0D15}\u{0D4A}\u{200D}\u{0D2A}\u{0D4D}\u{0D30}"),
        [2]
    );
}

#[test]
fn a_name_that_starts_with_the_term_ranks_before_one_that_holds_it_later() {
    let docs = [
        doc("Humic Granules with Neem", &[]),
        doc("Neem Cake Powder", &[]),
        doc("Bio Neem Spray", &[]),
    ];
    assert_eq!(
        names(&index(&docs), &docs, "neem"),
        [
            "Neem Cake Powder",
            "Bio Neem Spray",
            "Humic Granules with Neem"
        ]
    );
}

#[test]
fn a_name_in_another_language_is_a_name_match() {
    // On the Malayalam shop a farmer types the English name she saw on the bag.
    let guard = SearchDocument {
        other_names: texts(&["Cardamom Guard 5 EC"]),
        ..doc("ഏലക്കാവൽ 5 ഇസി", &[])
    };
    let socks = SearchDocument {
        crops: crop_words(&["cardamom"]),
        ..doc("Leech Guard Socks", &[])
    };
    let docs = [socks, guard];
    assert_eq!(
        names(&index(&docs), &docs, "cardamom guard"),
        ["ഏലക്കാവൽ 5 ഇസി", "Leech Guard Socks"]
    );
}

#[test]
fn a_crop_lists_what_its_growers_want_first() {
    let for_crop = |name: &str, bond: Bond| SearchDocument {
        crops: vec![("coffee".into(), bond)],
        ..doc(name, &[])
    };
    let docs = vec![
        for_crop("Arival Sickle", Bond::Support),
        for_crop("Dolomite Lime", Bond::Plain),
        for_crop("Bordeaux Mixture", Bond::Core),
    ];
    let index = index(&docs);
    // By name alone the sickle would come first; the coffee grower's remedy does.
    assert_eq!(
        names(&index, &docs, "coffee"),
        ["Bordeaux Mixture", "Dolomite Lime", "Arival Sickle"]
    );
}

#[test]
fn a_plural_category_holds_its_singulars_synonyms() {
    let mut fertiliser = doc("Cardamom Special 18:18:18", &[]);
    fertiliser.categories = texts(&["Water Soluble Fertilisers"]);
    let docs = vec![fertiliser, doc("Cardamom Harvesting Scissors", &[])];
    let synonyms = Synonyms::new(vec![vec!["fertiliser".into(), "valam".into()]]);
    let index = SearchIndex::build(
        &docs,
        &synonyms,
        CropNeedWords::default(),
        &mut TextPool::default(),
    );
    assert_eq!(
        names(&index, &docs, "cardamom valam"),
        ["Cardamom Special 18:18:18", "Cardamom Harvesting Scissors"]
    );
}

#[test]
fn a_synonym_matched_with_typos_still_scores_below_the_word_itself() {
    // Before, a synonym's penalty was taken from a two-typo score larger than it (u16 overflow):
    // a panic in a debug build, a top score in a release one.
    for field in [Field::Name, Field::Crops, Field::Other] {
        let synonym = Place::new(field, true);
        let literal = Place::new(field, false);
        let weak = synonym.score(Quality::TwoTyposInPrefix);
        assert!(weak >= 1, "{field:?}");
        assert!(weak <= synonym.score(Quality::Exact), "{field:?}");
        assert!(
            synonym.score(Quality::Exact) < literal.score(Quality::Exact),
            "{field:?}"
        );
    }
}

#[test]
fn a_two_word_term_with_one_match_goes_on_with_the_products_matching_one_word() {
    let docs = vec![
        doc("Neem Oil", &[]),
        doc("Neem Cake Powder", &[]),
        doc("Humic Granules with Neem", &[]),
        doc("Copper Fungicide", &[]),
    ];
    let found = names(&index(&docs), &docs, "neem oil");
    assert_eq!(found[0], "Neem Oil");
    let mut rest = found[1..].to_vec();
    rest.sort();
    assert_eq!(rest, ["Humic Granules with Neem", "Neem Cake Powder"]);
}

fn for_cardamom(name: &str, bond: Bond, need: Need) -> SearchDocument {
    SearchDocument {
        crops: vec![("elam".into(), bond), ("ഏലം".into(), bond)],
        crop_needs: vec![(1, need)],
        ..doc(name, &[])
    }
}

fn cardamom_words(groups: &[Vec<String>]) -> CropNeedWords {
    CropNeedWords::new([(1, "Cardamom"), (1, "elam"), (1, "ഏലം")], groups)
}

#[test]
fn a_crop_and_a_need_list_that_crops_products_for_that_need() {
    let fertiliser_group = vec![vec![
        "fertiliser".to_owned(),
        "valam".into(),
        "nutrition".into(),
    ]];
    let docs = vec![
        for_cardamom("Cardamom Special 18:18:18", Bond::Core, Need::Nutrition),
        for_cardamom("Harvest Scissors", Bond::Support, Need::Tools),
        for_cardamom("Bio Fertiliser Powder", Bond::Plain, Need::Nutrition),
    ];
    let synonyms = Synonyms::new(fertiliser_group.clone());
    let build = |words| SearchIndex::build(&docs, &synonyms, words, &mut TextPool::default());
    // The cardamom special holds no word for fertiliser; its link to cardamom's nutrition does.
    let linked = build(cardamom_words(&fertiliser_group));
    assert_eq!(
        names(&linked, &docs, "elam valam")[0],
        "Cardamom Special 18:18:18"
    );
    assert_eq!(
        names(&linked, &docs, "valam ഏലം")[0],
        "Cardamom Special 18:18:18"
    );
    // A tool for cardamom is not its fertiliser.
    assert_ne!(
        names(&linked, &docs, "elam nutrition")[0],
        "Harvest Scissors"
    );
    // Without the words that name crops and needs, only the product named a fertiliser matches
    // both words.
    let unlinked = build(CropNeedWords::default());
    assert_eq!(
        names(&unlinked, &docs, "elam valam")[0],
        "Bio Fertiliser Powder"
    );
}

#[test]
fn a_crops_name_alone_lists_its_own_remedies_before_a_service_named_for_it() {
    let docs = vec![
        for_cardamom("Elam Advisory Visit", Bond::Support, Need::Services),
        for_cardamom("Thrips Stop", Bond::Core, Need::Protection),
        for_cardamom("Garden Compost", Bond::Plain, Need::Nutrition),
    ];
    let build =
        |words| SearchIndex::build(&docs, &Synonyms::default(), words, &mut TextPool::default());
    assert_eq!(
        names(&build(cardamom_words(&[])), &docs, "elam"),
        ["Thrips Stop", "Garden Compost", "Elam Advisory Visit"]
    );
    // Any other term ranks by score: the name first.
    assert_eq!(
        names(&build(CropNeedWords::default()), &docs, "elam")[0],
        "Elam Advisory Visit"
    );
}
