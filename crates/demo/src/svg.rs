//! Pure functions that draw the demo catalogue's images as SVG.
//!
//! Every function returns a complete, self-contained SVG document: no external fonts, images
//! or scripts, and every piece of caller-supplied text is XML-escaped. Colours are accepted as
//! `#rgb` or `#rrggbb`; anything else falls back to the WellRoot green, so a colour can never
//! inject markup.

/// The size, in pixels, product art is drawn at (it is square).
pub const PRODUCT_IMAGE_SIZE: i32 = 600;

const FONT: &str = "Helvetica,Arial,sans-serif";
const FALLBACK: Rgb = Rgb(0x2f, 0x7d, 0x32);
const INK: &str = "#1f2a24";

/// Which of the two shop photos to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShopPhoto {
    /// The shop floor: shelves of bottles, sacks and the counter.
    Inside,
    /// The shopfront with its green awning on a hill-town street.
    Outside,
}

/// A 240x120 logo: an emblem with the brand's initials beside the brand name.
pub fn brand_logo(name: &str, color: &str) -> String {
    let c = Rgb::or_default(color);
    let mut s = open(240, 120, name);
    s.push_str(&format!(
        "<rect x=\"1\" y=\"1\" width=\"238\" height=\"118\" rx=\"14\" fill=\"#fff\" \
         stroke=\"{}\" stroke-width=\"2\"/>",
        c.tint(0.75)
    ));
    let emblem = match hash(name) % 3 {
        0 => "<circle cx=\"56\" cy=\"60\" r=\"38\"",
        1 => "<rect x=\"20\" y=\"24\" width=\"72\" height=\"72\" rx=\"18\"",
        _ => "<path d=\"M56 20l35 20v40l-35 20-35-20V40z\"",
    };
    s.push_str(&format!(
        "{emblem} fill=\"{c}\"/><path d=\"M56 47c-1-9 4-15 12-16 0 8-4 14-12 16zm0 0c-1-6-5-9-10-9 \
         0 6 4 9 10 9z\" fill=\"{}\"/>",
        c.on()
    ));
    let initials = initials(name);
    s.push_str(&format!(
        "<text x=\"56\" y=\"{}\" font-size=\"{}\" font-weight=\"700\" text-anchor=\"middle\" \
         fill=\"{}\">{}</text>",
        if initials.chars().count() > 1 { 78 } else { 82 },
        if initials.chars().count() > 1 { 27 } else { 34 },
        c.on(),
        esc(&initials)
    ));
    let options = [
        (24.0, 2),
        (22.0, 2),
        (20.0, 2),
        (18.0, 2),
        (16.0, 2),
        (14.0, 3),
    ];
    let Fitted { size, lines } = fit(name, 124.0, 100.0, &options);
    let lh = size * 1.15;
    let y = 60.0 - (lines.len() as f32 - 1.0) * lh / 2.0 + size * 0.35;
    let attrs = format!("font-weight=\"700\" fill=\"{}\"", c.ink());
    s.push_str(&text_block(&lines, 106.0, y, size, lh, "start", &attrs));
    s.push_str("</svg>");
    s
}

/// A 600x600 pack shot: the pack drawn for `kind` in `color`, labelled with the brand, the
/// product name (wrapped, truncated if long) and the pack size. Unknown kinds draw a box.
pub fn product_image(name: &str, brand: &str, kind: &str, pack: &str, color: &str) -> String {
    let c = Rgb::or_default(color);
    let title = if pack.trim().is_empty() {
        format!("{name} by {brand}")
    } else {
        format!("{name} by {brand}, {pack}")
    };
    let mut s = open(PRODUCT_IMAGE_SIZE as u32, PRODUCT_IMAGE_SIZE as u32, &title);
    s.push_str(&format!(
        "<defs><linearGradient id=\"bg\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"{}\"/>\
         <stop offset=\"1\" stop-color=\"{}\"/></linearGradient><linearGradient id=\"bd\">\
         <stop offset=\"0\" stop-color=\"{}\"/><stop offset=\".42\" stop-color=\"{}\"/>\
         <stop offset=\"1\" stop-color=\"{}\"/></linearGradient></defs>\
         <rect width=\"600\" height=\"600\" fill=\"url(#bg)\"/>\
         <circle cx=\"300\" cy=\"290\" r=\"240\" fill=\"#fff\" opacity=\".5\"/>\
         <ellipse cx=\"300\" cy=\"552\" rx=\"200\" ry=\"22\" fill=\"{}\" opacity=\".2\"/>",
        c.tint(0.94),
        c.tint(0.8),
        c.shade(0.12),
        c.tint(0.12),
        c.shade(0.25),
        c.shade(0.6)
    ));
    let bg = c.tint(0.9);
    let dark = c.shade(0.4);
    s.push_str("<g transform=\"matrix(1.08 0 0 1.08 -24 -26)\">");
    let label = match kind.trim().to_ascii_lowercase().as_str() {
        "bottle" => {
            s.push_str(&format!(
                "<rect x=\"246\" y=\"88\" width=\"108\" height=\"60\" rx=\"10\" fill=\"{dark}\"/>\
                 <path d=\"M264 98v40m18-40v40m18-40v40m18-40v40m18-40v40\" stroke=\"#fff\" \
                 stroke-width=\"4\" opacity=\".18\"/><path d=\"M260 146h80v24c0 22 88 26 88 60v274\
                 q0 28-28 28H200q-28 0-28-28V230c0-34 88-38 88-60z\" fill=\"url(#bd)\"/>"
            ));
            Rect::new(190.0, 250.0, 220.0, 252.0)
        }
        "pouch" => {
            s.push_str(&format!(
                "<path d=\"M172 116q128-16 256 0l8 386q2 28-28 30-108 10-216 0-30-2-28-30z\" \
                 fill=\"url(#bd)\"/><path d=\"M172 116q128-16 256 0l2 34q-130-14-260 0z\" \
                 fill=\"{dark}\" opacity=\".55\"/><circle cx=\"300\" cy=\"128\" r=\"8\" \
                 fill=\"{bg}\"/><path d=\"M176 170q124-13 248 0\" fill=\"none\" stroke=\"{dark}\" \
                 stroke-width=\"3\" opacity=\".6\"/><path d=\"M168 492q132 22 264 0\" fill=\"none\" \
                 stroke=\"{dark}\" stroke-width=\"3\" opacity=\".35\"/>"
            ));
            Rect::new(188.0, 196.0, 224.0, 276.0)
        }
        "bag" => {
            s.push_str(&format!(
                "<path d=\"M146 120q154-22 308 0 14 200 2 392-156 30-312 0-12-192 2-392z\" \
                 fill=\"url(#bd)\"/><path d=\"M146 120q154-22 308 0l2 34q-156-20-312 0z\" \
                 fill=\"{dark}\" opacity=\".6\"/><path d=\"M156 140q144-19 288 0\" fill=\"none\" \
                 stroke=\"#fff\" stroke-width=\"3\" stroke-dasharray=\"9 7\" opacity=\".7\"/>"
            ));
            Rect::new(172.0, 196.0, 256.0, 276.0)
        }
        "bucket" => {
            s.push_str(&format!(
                "<path d=\"M178 196c0-150 244-150 244 0\" fill=\"none\" stroke=\"{dark}\" \
                 stroke-width=\"10\"/><path d=\"M168 200h264l-22 318q-2 16-18 16H208q-16 0-18-16z\" \
                 fill=\"url(#bd)\"/><rect x=\"154\" y=\"170\" width=\"292\" height=\"40\" rx=\"12\" \
                 fill=\"{dark}\"/><rect x=\"174\" y=\"214\" width=\"252\" height=\"10\" fill=\"{dark}\" \
                 opacity=\".3\"/>"
            ));
            Rect::new(194.0, 244.0, 212.0, 262.0)
        }
        "tool" => {
            s.push_str(&format!(
                "<rect x=\"156\" y=\"76\" width=\"288\" height=\"462\" rx=\"24\" fill=\"url(#bd)\"/>\
                 <rect x=\"268\" y=\"94\" width=\"64\" height=\"16\" rx=\"8\" fill=\"{bg}\"/>\
                 <rect x=\"196\" y=\"126\" width=\"208\" height=\"150\" rx=\"30\" fill=\"#fff\" \
                 opacity=\".35\" stroke=\"#fff\" stroke-width=\"3\"/><g transform=\"translate(300 \
                 204) rotate(-40)\"><rect x=\"-10\" y=\"-78\" width=\"20\" height=\"50\" rx=\"9\" \
                 fill=\"{dark}\"/><rect x=\"-4\" y=\"-30\" width=\"8\" height=\"18\" \
                 fill=\"#78909c\"/><path d=\"M0-14c32 6 34 52 0 80-34-28-32-74 0-80z\" \
                 fill=\"#cfd8dc\" stroke=\"#78909c\" stroke-width=\"3\"/></g>"
            ));
            Rect::new(176.0, 292.0, 248.0, 230.0)
        }
        "drip" => {
            s.push_str(
                "<g fill=\"none\" stroke=\"#263238\" stroke-width=\"16\"><circle cx=\"300\" \
                 cy=\"214\" r=\"150\"/><circle cx=\"300\" cy=\"214\" r=\"126\"/><circle cx=\"300\" \
                 cy=\"214\" r=\"102\"/></g><g fill=\"none\" stroke=\"#546e7a\" stroke-width=\"3\">\
                 <circle cx=\"300\" cy=\"210\" r=\"150\"/><circle cx=\"300\" cy=\"210\" r=\"126\"/>\
                 <circle cx=\"300\" cy=\"210\" r=\"102\"/></g>",
            );
            for (x, y) in [(300, 100), (410, 158), (190, 158)] {
                s.push_str(&format!(
                    "<path d=\"M{x} {y}c-9 14-14 22-14 30a14 14 0 0 0 28 0c0-8-5-16-14-30z\" \
                     fill=\"{}\"/>",
                    c.tint(0.2)
                ));
            }
            s.push_str(
                "<rect x=\"170\" y=\"282\" width=\"260\" height=\"250\" rx=\"20\" \
                 fill=\"url(#bd)\"/>",
            );
            Rect::new(182.0, 294.0, 236.0, 226.0)
        }
        "service" => {
            s.push_str(&format!(
                "<rect x=\"166\" y=\"96\" width=\"268\" height=\"440\" rx=\"22\" fill=\"url(#bd)\"/>\
                 <rect x=\"188\" y=\"136\" width=\"224\" height=\"380\" rx=\"8\" fill=\"#fff\"/>\
                 <rect x=\"246\" y=\"80\" width=\"108\" height=\"46\" rx=\"12\" fill=\"#90a4ae\"/>\
                 <circle cx=\"300\" cy=\"96\" r=\"8\" fill=\"{bg}\"/><g fill=\"none\" \
                 stroke-width=\"5\" stroke-linecap=\"round\"><path d=\"M206 466l8 8 14-16m-22 \
                 32l8 8 14-16\" stroke=\"{c}\"/><path d=\"M242 468h150m-150 32h110\" \
                 stroke=\"#cfd8dc\"/></g>"
            ));
            Rect::new(190.0, 150.0, 220.0, 296.0).plain()
        }
        _ => {
            s.push_str(&format!(
                "<path d=\"M150 180l56-48h270l-56 48z\" fill=\"{}\"/><path d=\"M420 180l56-48v336\
                 l-56 52z\" fill=\"{}\"/><rect x=\"150\" y=\"180\" width=\"270\" height=\"340\" \
                 fill=\"{c}\"/>",
                c.tint(0.3),
                c.shade(0.3)
            ));
            Rect::new(164.0, 208.0, 242.0, 290.0)
        }
    };
    label_panel(&mut s, label, name, brand, pack, c);
    s.push_str("</g></svg>");
    s
}

/// A 400x300 certificate with a medal; a year in the title is shown on the medal.
pub fn award_image(title: &str) -> String {
    let mut s = open(400, 300, title);
    s.push_str(
        "<rect width=\"400\" height=\"300\" fill=\"#fbf6e9\"/><rect x=\"12\" y=\"12\" \
         width=\"376\" height=\"276\" rx=\"6\" fill=\"none\" stroke=\"#c9a227\" \
         stroke-width=\"4\"/><rect x=\"22\" y=\"22\" width=\"356\" height=\"256\" rx=\"3\" \
         fill=\"none\" stroke=\"#c9a227\"/><path d=\"M86 160l-20 84 22-12 14 22 16-86z\" \
         fill=\"#2e7d32\"/><path d=\"M134 160l20 84-22-12-14 22-16-86z\" fill=\"#1b5e20\"/>\
         <circle cx=\"110\" cy=\"128\" r=\"58\" fill=\"#c9a227\"/><circle cx=\"110\" cy=\"128\" \
         r=\"47\" fill=\"#f2d06b\" stroke=\"#a8841a\" stroke-width=\"2\"/>\
         <path d=\"M110 86c10 8 12 20 0 30-12-10-10-22 0-30z\" fill=\"#2e7d32\"/>",
    );
    match year_in(title) {
        Some(year) => s.push_str(&format!(
            "<text x=\"110\" y=\"148\" font-size=\"26\" font-weight=\"700\" \
             text-anchor=\"middle\" fill=\"#6d5410\">{year}</text>"
        )),
        None => s.push_str(
            "<path d=\"M110 118l8 16 18 3-13 12 3 18-16-9-16 9 3-18-13-12 18-3z\" \
             fill=\"#a8841a\"/>",
        ),
    }
    s.push_str(
        "<text x=\"278\" y=\"58\" font-size=\"13\" font-weight=\"700\" letter-spacing=\"3\" \
         text-anchor=\"middle\" fill=\"#a8841a\">AWARD</text>\
         <path d=\"M214 236h128\" stroke=\"#c9a227\" stroke-width=\"2\"/>\
         <path d=\"M278 252c-8-6-20-6-26 0m26 0c8-6 20-6 26 0\" fill=\"none\" \
         stroke=\"#2e7d32\" stroke-width=\"3\"/>",
    );
    let options = [(24.0, 4), (22.0, 4), (20.0, 5), (18.0, 5), (16.0, 5)];
    let Fitted { size, lines } = fit(title, 180.0, 156.0, &options);
    let lh = size * 1.15;
    let y = 146.0 - (lines.len() as f32 - 1.0) * lh / 2.0 + size * 0.35;
    let attrs = format!("font-weight=\"700\" fill=\"{INK}\"");
    s.push_str(&text_block(&lines, 278.0, y, size, lh, "middle", &attrs));
    s.push_str("</svg>");
    s
}

/// An 800x600 flat illustration of the shop, inside or outside.
pub fn shop_photo(kind: ShopPhoto) -> String {
    match kind {
        ShopPhoto::Outside => shop_outside(),
        ShopPhoto::Inside => shop_inside(),
    }
}

/// A 1600x900 flat illustration of a plantation hillside for the home page hero.
pub fn hero_image() -> String {
    let mut s = open(
        1600,
        900,
        "Rows of cardamom and tea on green hills under shade trees",
    );
    s.push_str(
        "<defs><linearGradient id=\"sky\" x2=\"0\" y2=\"1\"><stop offset=\"0\" \
         stop-color=\"#9fd3ea\"/><stop offset=\".6\" stop-color=\"#e4f1e4\"/><stop offset=\"1\" \
         stop-color=\"#f6efd6\"/></linearGradient><linearGradient id=\"mist\" x2=\"0\" y2=\"1\">\
         <stop offset=\"0\" stop-color=\"#fff\" stop-opacity=\"0\"/><stop offset=\"1\" \
         stop-color=\"#fff\" stop-opacity=\".7\"/></linearGradient>",
    );
    for (id, w, h, rot, gap, bush) in [
        ("t1", 40, 14, -5, "#6a9e6c", "#8cbc88"),
        ("t2", 60, 22, 6, "#3a763a", "#62a354"),
        ("t3", 90, 34, -8, "#245b27", "#4b9140"),
    ] {
        s.push_str(&format!(
            "<pattern id=\"{id}\" width=\"{w}\" height=\"{h}\" patternUnits=\"userSpaceOnUse\" \
             patternTransform=\"rotate({rot})\"><rect width=\"{w}\" height=\"{h}\" \
             fill=\"{gap}\"/><g fill=\"{bush}\"><rect y=\"{}\" width=\"{w}\" height=\"{}\"/>\
             <ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\"/><ellipse cx=\"{}\" cy=\"{}\" \
             rx=\"{}\" ry=\"{}\"/></g></pattern>",
            h * 3 / 10,
            h / 2,
            w / 4,
            h * 9 / 20,
            w * 3 / 10,
            h * 7 / 20,
            w * 3 / 4,
            h * 2 / 5,
            w * 3 / 10,
            h * 3 / 10
        ));
    }
    s.push_str(
        "<g id=\"tree\"><path d=\"M-5 0l2-150h6l2 150z\" fill=\"#5b4636\"/><ellipse cy=\"-170\" \
         rx=\"30\" ry=\"58\" fill=\"#3d7a3a\"/><ellipse cx=\"-16\" cy=\"-128\" rx=\"22\" ry=\"30\" \
         fill=\"#4f8f45\"/><ellipse cx=\"18\" cy=\"-140\" rx=\"20\" ry=\"34\" fill=\"#35703a\"/>\
         </g></defs><rect width=\"1600\" height=\"900\" fill=\"url(#sky)\"/>\
         <circle cx=\"1240\" cy=\"190\" r=\"74\" fill=\"#fff6cf\"/>\
         <path d=\"M0 430l180-120 140 70 200-160 220 150 160-90 240 130 180-100 280 150V900H0z\" \
         fill=\"#a9c9c4\"/><path d=\"M0 480c200-90 380-40 560-80s380-110 600-20 300 20 440 0V900H0z\" \
         fill=\"#8fbb9d\"/><rect y=\"380\" width=\"1600\" height=\"200\" fill=\"url(#mist)\"/>\
         <path d=\"M0 560c260-110 520-100 760-30s520 40 840-50V900H0z\" fill=\"url(#t1)\"/>\
         <path d=\"M0 660c300-40 560-130 900-80 260 40 460 110 700 50V900H0z\" \
         fill=\"url(#t2)\"/>\
         <path d=\"M0 760c260-70 560-60 820 0s500 40 780-40V900H0z\" fill=\"url(#t3)\"/>\
         <path d=\"M700 900c40-90 160-140 150-230\" fill=\"none\" stroke=\"#d8c8a0\" \
         stroke-width=\"14\" stroke-linecap=\"round\" opacity=\".8\"/>",
    );
    for (x, y, scale) in [
        (140, 610, 1.0),
        (330, 560, 0.8),
        (520, 552, 0.7),
        (980, 610, 0.9),
        (1180, 640, 1.1),
        (1420, 590, 0.85),
        (250, 820, 1.5),
        (1060, 860, 1.6),
        (1500, 800, 1.4),
    ] {
        s.push_str(&format!(
            "<use href=\"#tree\" transform=\"translate({x} {y}) scale({scale})\"/>"
        ));
    }
    s.push_str("</svg>");
    s
}

fn shop_outside() -> String {
    let mut s = open(
        800,
        600,
        "The WellRoot Agri Inputs shopfront in a hill town",
    );
    s.push_str(
        "<defs><linearGradient id=\"sky\" x2=\"0\" y2=\"1\"><stop offset=\"0\" \
         stop-color=\"#bfe2f2\"/><stop offset=\"1\" stop-color=\"#eef6ea\"/></linearGradient>\
         <pattern id=\"aw\" width=\"40\" height=\"10\" patternUnits=\"userSpaceOnUse\">\
         <rect width=\"20\" height=\"10\" fill=\"#2e7d32\"/><rect x=\"20\" width=\"20\" \
         height=\"10\" fill=\"#4caf50\"/></pattern><g id=\"b\"><rect x=\"-9\" y=\"-30\" \
         width=\"18\" height=\"30\" rx=\"3\"/><rect x=\"-4\" y=\"-36\" width=\"8\" height=\"7\" \
         fill=\"#37474f\"/></g></defs>\
         <rect width=\"800\" height=\"600\" fill=\"url(#sky)\"/>\
         <circle cx=\"660\" cy=\"90\" r=\"38\" fill=\"#fff3c4\"/>\
         <path d=\"M0 250c120-80 240-70 360-30 130-70 280-80 440-20V600H0z\" fill=\"#a6cfa1\"/>\
         <path d=\"M0 300c160-50 300-20 420-40s260-40 380-10V600H0z\" fill=\"#7db878\"/>\
         <path d=\"M20 300c120-30 240-20 330-30m-300 50c120-20 250-20 340-26M480 276c110-18 210-14 \
         300 4m-300 26c110-12 210-8 300 6\" fill=\"none\" stroke=\"#5f9e5a\" stroke-width=\"7\" \
         stroke-linecap=\"round\"/>\
         <g fill=\"#f1e6d0\"><rect x=\"30\" y=\"262\" width=\"26\" height=\"18\"/><rect x=\"84\" \
         y=\"252\" width=\"22\" height=\"16\"/><rect x=\"596\" y=\"238\" width=\"26\" height=\"18\"/>\
         <rect x=\"690\" y=\"232\" width=\"22\" height=\"16\"/></g><path d=\"M27 263l16-11 16 11zm54-10\
         l14-10 14 10zm512-14l16-11 16 11zm94-6l14-10 14 10z\" fill=\"#b5533c\"/>\
         <rect y=\"470\" width=\"800\" height=\"130\" fill=\"#9e9a91\"/>\
         <rect y=\"466\" width=\"800\" height=\"22\" fill=\"#d6cfbf\"/>\
         <path d=\"M0 540h90m60 0h90m60 0h90m60 0h90m60 0h90m60 0h90\" stroke=\"#f1ede3\" \
         stroke-width=\"6\"/>\
         <path d=\"M124 156L400 92l276 64z\" fill=\"#b5533c\"/>\
         <rect x=\"150\" y=\"156\" width=\"500\" height=\"312\" fill=\"#f4ead2\"/>\
         <rect x=\"150\" y=\"156\" width=\"500\" height=\"10\" fill=\"#8d3f2d\" opacity=\".35\"/>\
         <g fill=\"#cfe6ee\" stroke=\"#8d6e63\" stroke-width=\"5\"><rect x=\"190\" y=\"180\" \
         width=\"80\" height=\"54\"/><rect x=\"360\" y=\"180\" width=\"80\" height=\"54\"/>\
         <rect x=\"530\" y=\"180\" width=\"80\" height=\"54\"/></g>\
         <rect x=\"196\" y=\"248\" width=\"408\" height=\"52\" rx=\"6\" fill=\"#1f5f2a\"/>\
         <path d=\"M224 286c0-14 10-22 24-22-2 14-10 22-24 22z\" fill=\"#a5d6a7\"/>\
         <text x=\"414\" y=\"283\" font-size=\"27\" font-weight=\"700\" text-anchor=\"middle\" \
         fill=\"#fff\">WellRoot Agri Inputs</text>\
         <rect x=\"176\" y=\"362\" width=\"168\" height=\"86\" fill=\"#e1f0ef\" stroke=\"#6d4c41\" \
         stroke-width=\"6\"/><rect x=\"456\" y=\"362\" width=\"168\" height=\"86\" fill=\"#e1f0ef\" \
         stroke=\"#6d4c41\" stroke-width=\"6\"/>\
         <path d=\"M180 404h160M460 404h160\" stroke=\"#8d6e63\" stroke-width=\"5\"/>",
    );
    let colors = [
        "#2e7d32", "#c62828", "#1565c0", "#f9a825", "#00838f", "#6a1b9a",
    ];
    for (i, x) in [196, 222, 248, 274, 300, 326, 476, 502, 528, 554, 580, 606]
        .iter()
        .enumerate()
    {
        let fill = colors[i % colors.len()];
        let y = if i % 2 == 0 { 402 } else { 444 };
        s.push_str(&format!(
            "<use href=\"#b\" transform=\"translate({x} {y})\" fill=\"{fill}\"/>"
        ));
    }
    s.push_str(
        "<rect x=\"356\" y=\"358\" width=\"88\" height=\"110\" fill=\"#3e2b22\"/>\
         <rect x=\"356\" y=\"358\" width=\"88\" height=\"110\" fill=\"none\" stroke=\"#6d4c41\" \
         stroke-width=\"6\"/>\
         <path d=\"M160 302h480l22 46H138z\" fill=\"url(#aw)\"/>",
    );
    for i in 0..21 {
        let x = 149 + i * 24;
        let fill = if i % 2 == 0 { "#2e7d32" } else { "#4caf50" };
        s.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"348\" r=\"12\" fill=\"{fill}\"/>"
        ));
    }
    s.push_str(
        "<g fill=\"#e9dcc0\" stroke=\"#b9a57c\" stroke-width=\"2\"><path d=\"M208 470c-8-30-6-50 \
         4-56h44c10 6 12 26 4 56z\"/><path d=\"M262 470c-8-30-6-50 4-56h44c10 6 12 26 4 56z\"/>\
         <path d=\"M234 420c-8-28-6-46 4-52h44c10 6 12 24 4 52z\"/></g>\
         <path d=\"M212 440h52m2 0h52m-82-46h52\" stroke=\"#2e7d32\" stroke-width=\"8\"/>\
         <path d=\"M480 470l6-34h40l6 34z\" fill=\"#b5533c\"/>\
         <circle cx=\"496\" cy=\"420\" r=\"18\" fill=\"#4c9a4a\"/><circle cx=\"516\" cy=\"414\" \
         r=\"16\" fill=\"#3d8b3d\"/>\
         <path d=\"M556 470l6-34h40l6 34z\" fill=\"#b5533c\"/>\
         <circle cx=\"572\" cy=\"420\" r=\"18\" fill=\"#3d8b3d\"/><circle cx=\"592\" cy=\"416\" \
         r=\"15\" fill=\"#4c9a4a\"/>\
         <rect x=\"712\" y=\"340\" width=\"16\" height=\"130\" fill=\"#5b4636\"/>\
         <circle cx=\"720\" cy=\"300\" r=\"58\" fill=\"#3f8a3c\"/><circle cx=\"690\" cy=\"336\" \
         r=\"36\" fill=\"#4f9a48\"/><circle cx=\"752\" cy=\"330\" r=\"34\" fill=\"#35773a\"/>\
         <rect x=\"60\" y=\"360\" width=\"14\" height=\"110\" fill=\"#5b4636\"/>\
         <circle cx=\"67\" cy=\"330\" r=\"46\" fill=\"#4f9a48\"/></svg>",
    );
    s
}

fn shop_inside() -> String {
    let mut s = open(
        800,
        600,
        "Inside the WellRoot shop: shelves of bottles and sacks behind the counter",
    );
    s.push_str(
        "<defs><g id=\"b\"><rect x=\"-13\" y=\"-50\" width=\"26\" height=\"50\" rx=\"5\"/>\
         <rect x=\"-6\" y=\"-60\" width=\"12\" height=\"11\" rx=\"2\" fill=\"#37474f\"/>\
         <rect x=\"-10\" y=\"-36\" width=\"20\" height=\"20\" rx=\"2\" fill=\"#fff\" \
         opacity=\".85\"/></g><g id=\"p\"><path d=\"M-22 0l2-58q20-6 40 0l2 58z\"/><rect \
         x=\"-14\" y=\"-40\" width=\"28\" height=\"22\" rx=\"3\" fill=\"#fff\" opacity=\".85\"/>\
         </g><g id=\"s\"><path d=\"M-40 0c-10-40-8-66 6-76h68c14 10 16 36 6 76z\" \
         fill=\"#eadcbc\" stroke=\"#b9a57c\" stroke-width=\"2\"/><rect x=\"-30\" y=\"-48\" \
         width=\"60\" height=\"22\"/></g></defs>\
         <rect width=\"800\" height=\"600\" fill=\"#f3ecdf\"/>\
         <rect y=\"440\" width=\"800\" height=\"160\" fill=\"#cdb89a\"/>\
         <path d=\"M0 500h800M0 560h800M120 440l-40 160M320 440l-20 160M520 440l20 160M720 440l40 \
         160\" stroke=\"#b9a382\" stroke-width=\"3\"/>\
         <rect x=\"260\" y=\"22\" width=\"280\" height=\"46\" rx=\"6\" fill=\"#1f5f2a\"/>\
         <text x=\"400\" y=\"54\" font-size=\"24\" font-weight=\"700\" text-anchor=\"middle\" \
         fill=\"#fff\">WellRoot Agri Inputs</text>\
         <rect x=\"40\" y=\"84\" width=\"720\" height=\"336\" fill=\"#8d6e63\"/>\
         <rect x=\"52\" y=\"94\" width=\"696\" height=\"316\" fill=\"#efe3cf\"/>\
         <g fill=\"#6d4c41\"><rect x=\"40\" y=\"176\" width=\"720\" height=\"10\"/><rect x=\"40\" \
         y=\"266\" width=\"720\" height=\"10\"/><rect x=\"40\" y=\"348\" width=\"720\" \
         height=\"10\"/></g>",
    );
    let colors = [
        "#2e7d32", "#c62828", "#1565c0", "#f9a825", "#00838f", "#6a1b9a", "#ef6c00",
    ];
    for i in 0..20 {
        let x = 76 + i * 34;
        let fill = colors[i % colors.len()];
        s.push_str(&format!(
            "<use href=\"#b\" transform=\"translate({x} 176)\" fill=\"{fill}\"/>"
        ));
    }
    for i in 0..13 {
        let x = 86 + i * 52;
        let fill = colors[(i + 3) % colors.len()];
        s.push_str(&format!(
            "<use href=\"#p\" transform=\"translate({x} 266)\" fill=\"{fill}\"/>"
        ));
    }
    for i in 0..8 {
        let x = 90 + i * 86;
        let fill = colors[(i * 2) % colors.len()];
        s.push_str(&format!(
            "<use href=\"#s\" transform=\"translate({x} 346) scale(.85 .86)\" fill=\"{fill}\"/>"
        ));
    }
    s.push_str(
        "<pattern id=\"bx\" width=\"144\" height=\"40\" patternUnits=\"userSpaceOnUse\" x=\"58\" y=\"370\">\
         <rect x=\"4\" width=\"40\" height=\"40\" rx=\"3\" fill=\"#c62828\"/><rect x=\"52\" \
         width=\"40\" height=\"40\" rx=\"3\" fill=\"#2e7d32\"/><rect x=\"100\" width=\"40\" \
         height=\"40\" rx=\"3\" fill=\"#1565c0\"/><path d=\"M10 12h28M58 12h28M106 12h28\" \
         stroke=\"#fff\" stroke-width=\"10\" opacity=\".8\"/></pattern>\
         <rect x=\"58\" y=\"370\" width=\"684\" height=\"40\" fill=\"url(#bx)\"/>",
    );
    for (x, y, fill) in [
        (90, 520, "#2e7d32"),
        (180, 530, "#1565c0"),
        (132, 470, "#c62828"),
    ] {
        s.push_str(&format!(
            "<use href=\"#s\" transform=\"translate({x} {y}) scale(1.2)\" fill=\"{fill}\"/>"
        ));
    }
    s.push_str(
        "<rect x=\"400\" y=\"404\" width=\"360\" height=\"150\" fill=\"#6d4c41\"/>\
         <rect x=\"388\" y=\"392\" width=\"384\" height=\"20\" rx=\"4\" fill=\"#a1887f\"/>\
         <rect x=\"420\" y=\"430\" width=\"150\" height=\"100\" rx=\"6\" fill=\"#5d4037\"/>\
         <rect x=\"590\" y=\"430\" width=\"150\" height=\"100\" rx=\"6\" fill=\"#5d4037\"/>\
         <rect x=\"450\" y=\"352\" width=\"80\" height=\"40\" rx=\"6\" fill=\"#cfd8dc\"/>\
         <rect x=\"440\" y=\"344\" width=\"100\" height=\"10\" rx=\"3\" fill=\"#90a4ae\"/>\
         <rect x=\"470\" y=\"362\" width=\"40\" height=\"16\" rx=\"2\" fill=\"#263238\"/>\
         <rect x=\"600\" y=\"340\" width=\"70\" height=\"52\" rx=\"4\" fill=\"#37474f\"/>\
         <rect x=\"608\" y=\"348\" width=\"54\" height=\"30\" fill=\"#80cbc4\"/>\
         <path d=\"M708 392l4-26h28l4 26z\" fill=\"#b5533c\"/><circle cx=\"716\" cy=\"352\" \
         r=\"14\" fill=\"#4c9a4a\"/><circle cx=\"736\" cy=\"346\" r=\"13\" fill=\"#3d8b3d\"/>\
         </svg>",
    );
    s
}

/// Where the label goes on a pack; `panel` draws the white label background.
#[derive(Clone, Copy)]
struct Rect {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    panel: bool,
}

impl Rect {
    fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Self {
            x,
            y,
            w,
            h,
            panel: true,
        }
    }

    fn plain(self) -> Self {
        Self {
            panel: false,
            ..self
        }
    }
}

/// The pack label: brand, a short rule, the wrapped product name and a pack-size pill.
fn label_panel(s: &mut String, r: Rect, name: &str, brand: &str, pack: &str, c: Rgb) {
    let cx = r.x + r.w / 2.0;
    if r.panel {
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"14\" fill=\"#fff\"/>",
            n(r.x),
            n(r.y),
            n(r.w),
            n(r.h)
        ));
    }
    let inner = r.w - 20.0;
    let brand_fit = fit(
        brand,
        inner,
        30.0,
        &[(22.0, 1), (20.0, 1), (18.0, 1), (16.0, 1), (14.0, 1)],
    );
    let attrs = format!("font-weight=\"700\" fill=\"{}\"", c.ink());
    let (size, lines) = (brand_fit.size, &brand_fit.lines);
    s.push_str(&text_block(
        lines,
        cx,
        r.y + 36.0,
        size,
        size,
        "middle",
        &attrs,
    ));
    s.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"48\" height=\"4\" rx=\"2\" fill=\"{c}\"/>",
        n(cx - 24.0),
        n(r.y + 50.0)
    ));
    let pack = pack.trim();
    let top = r.y + 60.0;
    let bottom = r.y + r.h - if pack.is_empty() { 12.0 } else { 64.0 };
    let options = [
        (36.0, 3),
        (33.0, 3),
        (30.0, 3),
        (28.0, 3),
        (26.0, 4),
        (24.0, 4),
        (22.0, 4),
    ];
    let Fitted { size, lines } = fit(name, inner, bottom - top, &options);
    let lh = size * 1.15;
    let y = (top + bottom) / 2.0 - (lines.len() as f32 - 1.0) * lh / 2.0 + size * 0.36;
    let attrs = format!("font-weight=\"700\" fill=\"{INK}\"");
    s.push_str(&text_block(&lines, cx, y, size, lh, "middle", &attrs));
    if !pack.is_empty() {
        let Fitted { size, lines } =
            fit(pack, inner - 32.0, 30.0, &[(26.0, 1), (23.0, 1), (20.0, 1)]);
        let text_w = lines.first().map_or(0.0, |l| em_width(l)) * size;
        let pw = (text_w + 36.0).clamp(90.0, inner);
        let py = r.y + r.h - 56.0;
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"42\" rx=\"21\" fill=\"{c}\"/>",
            n(cx - pw / 2.0),
            n(py),
            n(pw)
        ));
        let attrs = format!("font-weight=\"700\" fill=\"{}\"", c.on());
        s.push_str(&text_block(
            &lines,
            cx,
            py + 21.0 + size * 0.36,
            size,
            size,
            "middle",
            &attrs,
        ));
    }
}

/// The opening `<svg>` tag with an accessible name.
fn open(w: u32, h: u32, label: &str) -> String {
    let mut s = String::with_capacity(4096);
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
         height=\"{h}\" role=\"img\" aria-label=\"{}\" font-family=\"{FONT}\">",
        esc(label)
    ));
    s
}

/// `<text>` with one `<tspan>` per line, the first baseline at `y`.
fn text_block(
    lines: &[String],
    x: f32,
    y: f32,
    size: f32,
    lh: f32,
    anchor: &str,
    attrs: &str,
) -> String {
    let mut s = format!(
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" {attrs}>",
        n(x),
        n(y),
        n(size)
    );
    for (i, line) in lines.iter().enumerate() {
        let dy = if i == 0 { 0.0 } else { lh };
        s.push_str(&format!(
            "<tspan x=\"{}\" dy=\"{}\">{}</tspan>",
            n(x),
            n(dy),
            esc(line)
        ));
    }
    s.push_str("</text>");
    s
}

/// Text laid out by [`fit`]: the font size and the lines.
struct Fitted {
    size: f32,
    lines: Vec<String>,
}

/// Lays `text` out in a box `width` px wide and `height` px tall (line height 1.15 em),
/// trying each `(font size, most lines)` in turn and keeping the first at which the text fits
/// whole without splitting a word; otherwise the last, cut short or split as needed.
fn fit(text: &str, width: f32, height: f32, options: &[(f32, usize)]) -> Fitted {
    let mut fitted = Fitted {
        size: 16.0,
        lines: Vec::new(),
    };
    for &(size, most) in options {
        let room = ((height / (size * 1.15)).floor() as usize).clamp(1, most.max(1));
        let wrapped = wrap(text, width / size, room);
        fitted = Fitted {
            size,
            lines: wrapped.lines,
        };
        if !wrapped.cut && !wrapped.split {
            break;
        }
    }
    fitted
}

/// Lines from [`wrap`]; `cut` if text was left out, `split` if a word was broken mid-word.
struct Wrapped {
    lines: Vec<String>,
    cut: bool,
    split: bool,
}

/// Splits `text` into at most `max_lines` lines no wider than `max_em` (in em, see
/// [`em_width`]), breaking at spaces and after hyphens. Punctuation standing alone (such as a
/// dash) stays with the word before it, overlong words are split, and if text is left over
/// the last line ends with an ellipsis.
fn wrap(text: &str, max_em: f32, max_lines: usize) -> Wrapped {
    let max_em = max_em.max(2.0);
    let mut words: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match words.last_mut() {
            Some(last) if !word.chars().any(char::is_alphanumeric) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    // Pieces of text with whether a space goes before them.
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut split = false;
    for word in &words {
        let mut spaced = true;
        for part in word.split_inclusive('-') {
            let chunks = split_to_width(part, max_em);
            split |= chunks.len() > 1;
            for chunk in chunks {
                pieces.push((chunk, spaced));
                spaced = false;
            }
        }
    }
    let mut lines: Vec<String> = Vec::new();
    for (piece, spaced) in pieces {
        let gap = if spaced { " " } else { "" };
        match lines.last_mut() {
            Some(line) if em_width(line) + em_width(gap) + em_width(&piece) <= max_em => {
                line.push_str(gap);
                line.push_str(&piece);
            }
            _ => lines.push(piece),
        }
    }
    let max_lines = max_lines.max(1);
    let cut = lines.len() > max_lines;
    if cut {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            *last = ellipsize(last, max_em);
        }
    }
    Wrapped { lines, cut, split }
}

/// `word` split into pieces no wider than `max_em` (a single character may be wider).
fn split_to_width(word: &str, max_em: f32) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut width = 0.0;
    for ch in word.chars() {
        let w = char_em(ch);
        if width + w > max_em && width > 0.0 {
            pieces.push(String::new());
            width = 0.0;
        }
        if let Some(piece) = pieces.last_mut() {
            piece.push(ch);
        }
        width += w;
    }
    pieces
}

/// Shortens `line`, at a word boundary where possible, so that it fits with a trailing `…`.
fn ellipsize(line: &str, max_em: f32) -> String {
    let mut s = line.trim_end().to_string();
    while !s.is_empty() && em_width(&s) + char_em('…') > max_em {
        match s.rfind(' ') {
            Some(i) if i > 0 => s.truncate(i),
            _ => {
                s.pop();
            }
        }
    }
    let s = s.trim_end_matches(|c: char| c.is_whitespace() || ",;:-–&+(/".contains(c));
    format!("{s}…")
}

/// Approximate width of `text` in em for a bold Helvetica or Arial.
fn em_width(text: &str) -> f32 {
    text.chars().map(char_em).sum()
}

/// Approximate advance width of one character in em for a bold Helvetica or Arial.
fn char_em(ch: char) -> f32 {
    match ch {
        '\'' | '|' => 0.24,
        ' ' | 'i' | 'j' | 'l' | 'I' | '.' | ',' | '/' | ':' | ';' | '!' => 0.28,
        'f' | 't' | '(' | ')' | '-' | '[' | ']' => 0.34,
        'r' => 0.39,
        'J' | 'c' | 'e' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' | 'a' | '–' => 0.56,
        '+' | '=' | '<' | '>' => 0.59,
        'm' | '%' => 0.89,
        'w' => 0.78,
        'M' => 0.83,
        'W' => 0.94,
        '&' | '—' | '…' => 1.0,
        '0'..='9' => 0.56,
        'a'..='z' => 0.61,
        'A'..='Z' => 0.72,
        _ if ch.is_ascii() => 0.58,
        _ => 0.8,
    }
}

/// Escapes text for XML content and attributes, dropping characters XML 1.0 forbids.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}' => {
                out.push(ch);
            }
            _ => {}
        }
    }
    out
}

/// Up to two initials from the first letters of the name's words (`&` and the like skipped).
fn initials(name: &str) -> String {
    let letters: String = name
        .split_whitespace()
        .filter_map(|w| w.chars().find(|c| c.is_alphanumeric()))
        .take(2)
        .flat_map(char::to_uppercase)
        .collect();
    if letters.is_empty() {
        "•".to_string()
    } else {
        letters
    }
}

/// A plausible year (1900–2099) in the text, the last one if there are several.
fn year_in(text: &str) -> Option<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .rfind(|w| w.len() == 4 && (w.starts_with("19") || w.starts_with("20")))
}

/// A small, stable FNV-1a hash, used to vary the logo emblem by name.
fn hash(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// A number for an attribute: at most one decimal, no trailing `.0`.
fn n(v: f32) -> String {
    let s = format!("{v:.1}");
    match s.strip_suffix(".0") {
        Some(whole) => whole.to_string(),
        None => s,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rgb(u8, u8, u8);

impl Rgb {
    fn parse(text: &str) -> Option<Self> {
        let hex = text.trim().strip_prefix('#')?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let at = |i: usize, len: usize| -> Option<u8> {
            u8::from_str_radix(hex.get(i..i + len)?, 16).ok()
        };
        match hex.len() {
            6 => Some(Self(at(0, 2)?, at(2, 2)?, at(4, 2)?)),
            3 => Some(Self(at(0, 1)? * 17, at(1, 1)? * 17, at(2, 1)? * 17)),
            _ => None,
        }
    }

    fn or_default(text: &str) -> Self {
        Self::parse(text).unwrap_or(FALLBACK)
    }

    /// Moves each channel the fraction `t` of the way towards `target`.
    fn mix(self, target: u8, t: f32) -> Self {
        let ch = |v: u8| (f32::from(v) + (f32::from(target) - f32::from(v)) * t).round() as u8;
        Self(ch(self.0), ch(self.1), ch(self.2))
    }

    fn tint(self, t: f32) -> Self {
        self.mix(255, t)
    }

    fn shade(self, t: f32) -> Self {
        self.mix(0, t)
    }

    fn is_light(self) -> bool {
        let l =
            0.2126 * f32::from(self.0) + 0.7152 * f32::from(self.1) + 0.0722 * f32::from(self.2);
        l > 140.0
    }

    /// Text colour to use on top of this colour.
    fn on(self) -> &'static str {
        if self.is_light() { INK } else { "#fff" }
    }

    /// A darker version of this colour for text on white.
    fn ink(self) -> Self {
        if self.is_light() {
            self.shade(0.55)
        } else {
            self.shade(0.15)
        }
    }
}

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that tags nest and close properly, that attribute values are quoted and that
    /// every `&` starts a known entity: enough to catch broken markup.
    fn assert_well_formed(svg: &str) {
        assert!(svg.starts_with("<svg "), "must start with <svg");
        assert!(svg.ends_with("</svg>"), "must end with </svg>");
        let mut stack: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let text = &rest[..start];
            assert_entities(text);
            let after = &rest[start + 1..];
            let end = tag_end(after);
            let tag = &after[..end];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().unwrap_or_default();
                assert_eq!(open, name.trim(), "mismatched closing tag");
            } else {
                let self_closing = tag.ends_with('/');
                let body = tag.trim_end_matches('/');
                let name = body
                    .split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_string();
                assert!(!name.is_empty(), "empty tag name");
                assert_attributes(&body[name.len()..]);
                if !self_closing {
                    stack.push(name);
                }
            }
            rest = &after[end + 1..];
            if stack.is_empty() {
                assert!(rest.is_empty(), "content after the root element");
            }
        }
        assert!(stack.is_empty(), "unclosed tags: {stack:?}");
    }

    /// Index of the `>` that ends a tag, skipping quoted attribute values.
    fn tag_end(s: &str) -> usize {
        let mut quoted = false;
        for (i, c) in s.char_indices() {
            match c {
                '"' => quoted = !quoted,
                '>' if !quoted => return i,
                '<' if !quoted => panic!("'<' inside a tag"),
                _ => {}
            }
        }
        panic!("unterminated tag");
    }

    fn assert_attributes(mut attrs: &str) {
        let mut seen = Vec::new();
        loop {
            attrs = attrs.trim_start();
            if attrs.is_empty() {
                break;
            }
            let eq = attrs.find('=').unwrap();
            let key = &attrs[..eq];
            assert!(!key.contains(char::is_whitespace), "bad attribute {key:?}");
            assert!(!seen.contains(&key), "duplicate attribute {key}");
            seen.push(key);
            let value = attrs[eq + 1..].strip_prefix('"').unwrap();
            let close = value.find('"').unwrap();
            assert_entities(&value[..close]);
            assert!(!value[..close].contains('<'));
            attrs = &value[close + 1..];
        }
    }

    fn assert_entities(text: &str) {
        for (i, _) in text.match_indices('&') {
            let tail = &text[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| tail.starts_with(e)),
                "bare & in {text:?}"
            );
        }
    }

    fn all_images() -> Vec<String> {
        let mut out = vec![
            brand_logo("Kaveri Seeds & Saplings", "#f9a825"),
            award_image("Best Agri-Input Retailer, Idukki District 2019"),
            shop_photo(ShopPhoto::Inside),
            shop_photo(ShopPhoto::Outside),
            hero_image(),
        ];
        for kind in [
            "bottle", "pouch", "bag", "bucket", "box", "tool", "drip", "service", "??",
        ] {
            out.push(product_image(
                "CuproShield Copper Oxychloride 50% WP Fungicide",
                "Malabar AgroChem",
                kind,
                "500 g",
                "#c62828",
            ));
        }
        out
    }

    #[test]
    fn every_image_is_well_formed_and_small() {
        for svg in all_images() {
            assert_well_formed(&svg);
            assert!(svg.len() < 7000, "too large: {} bytes", svg.len());
            assert!(!svg.contains("<script"));
            assert!(!svg.contains("http://") || svg.matches("http://").count() == 1);
        }
    }

    #[test]
    fn sizes_match_the_brief() {
        assert!(brand_logo("A", "#000").contains("viewBox=\"0 0 240 120\""));
        assert!(product_image("A", "B", "bag", "1 kg", "#000").contains("viewBox=\"0 0 600 600\""));
        assert!(award_image("A").contains("viewBox=\"0 0 400 300\""));
        assert!(shop_photo(ShopPhoto::Inside).contains("viewBox=\"0 0 800 600\""));
        assert!(shop_photo(ShopPhoto::Outside).contains("viewBox=\"0 0 800 600\""));
        assert!(hero_image().contains("viewBox=\"0 0 1600 900\""));
    }

    #[test]
    fn text_is_escaped() {
        let logo = brand_logo("Salt & Pepper <Co>", "#2f7d32");
        assert_well_formed(&logo);
        assert!(logo.contains("Salt &amp;"));
        assert!(logo.contains("&lt;Co&gt;"));
        assert!(!logo.contains("<Co>"));

        let img = product_image(
            "Neem & Garlic <Extract>",
            "\"Quote\" & Co",
            "pouch",
            "1 L",
            "#123",
        );
        assert_well_formed(&img);
        assert!(img.contains("Neem &amp; Garlic"));
        assert!(img.contains("&lt;Extract&gt;"));
        assert!(img.contains("&quot;Quote&quot; &amp; Co"));
        assert!(img.contains(">1 L<"));

        let award = award_image("Best <Retailer> & Friends 2019");
        assert_well_formed(&award);
        assert!(award.contains("&lt;Retailer&gt; &amp;"));
        assert!(award.contains(">2019<"));
    }

    #[test]
    fn control_characters_are_dropped() {
        let img = product_image("Bad\u{0}name\u{1b}", "B\u{7}", "box", "x\u{8}", "#000");
        assert_well_formed(&img);
        assert!(!img.chars().any(|c| c < ' '));
    }

    #[test]
    fn colours_cannot_inject_markup() {
        let img = product_image("A", "B", "bottle", "1 L", "red\" onload=\"alert(1)");
        assert_well_formed(&img);
        assert!(!img.contains("onload"));
        assert!(img.contains("#2f7d32"));
        assert_eq!(Rgb::parse("#abc"), Some(Rgb(0xaa, 0xbb, 0xcc)));
        assert_eq!(Rgb::parse("#A0b1C2"), Some(Rgb(0xa0, 0xb1, 0xc2)));
        assert_eq!(Rgb::parse("#12345"), None);
        assert_eq!(Rgb::parse("#ééé"), None);
    }

    #[test]
    fn unknown_kind_falls_back_to_a_box() {
        let a = product_image("A", "B", "spaceship", "1 kg", "#2f7d32");
        let b = product_image("A", "B", "box", "1 kg", "#2f7d32");
        assert_eq!(a, b);
        assert_eq!(product_image("A", "B", " Bottle ", "1 kg", "#2f7d32"), {
            product_image("A", "B", "bottle", "1 kg", "#2f7d32")
        });
    }

    #[test]
    fn long_names_are_wrapped_and_truncated() {
        let name = "Supercalifragilistic Extra Long Product Name That Goes On And On Forever \
            And Then Keeps Going Well Past Anything That Could Fit On A Label";
        let img = product_image(name, "Brand", "bag", "25 kg", "#2f7d32");
        assert_well_formed(&img);
        assert!(img.contains('…'));
        assert!(img.matches("<tspan").count() <= 1 + 4 + 1);

        let w = wrap("one two three four five", 4.0, 2);
        assert!(w.cut && !w.split);
        assert_eq!(w.lines, vec!["one two".to_string(), "three…".to_string()]);
        let w = wrap("short", 10.0, 3);
        assert!(!w.cut && !w.split);
        assert_eq!(w.lines, vec!["short".to_string()]);
        let w = wrap("Soil Testing – 12-Parameter Report", 7.0, 4);
        assert!(!w.cut && !w.split);
        assert_eq!(w.lines, vec!["Soil Testing –", "12-Parameter", "Report"]);
        let w = wrap("Lambda-Cyhalothrin 5% EC", 6.0, 4);
        assert!(!w.split);
        assert_eq!(w.lines, vec!["Lambda-", "Cyhalothrin", "5% EC"]);
        let w = wrap("abcdefghijklmnopqrstuvwxyz", 3.0, 20);
        assert!(!w.cut && w.split);
        assert_eq!(w.lines.concat(), "abcdefghijklmnopqrstuvwxyz");
        assert!(w.lines.iter().all(|l| em_width(l) <= 3.0));
        assert!(wrap("", 10.0, 3).lines.is_empty());
    }

    #[test]
    fn empty_inputs_still_make_valid_images() {
        for svg in [
            brand_logo("", ""),
            product_image("", "", "", "", ""),
            award_image(""),
        ] {
            assert_well_formed(&svg);
        }
    }

    #[test]
    fn helpers() {
        assert_eq!(initials("Kaveri Seeds & Saplings"), "KS");
        assert_eq!(initials("wellroot"), "W");
        assert_eq!(year_in("15 Years of Service, 2022"), Some("2022"));
        assert_eq!(year_in("No year here 123"), None);
        assert_eq!(n(12.0), "12");
        assert_eq!(n(12.25), "12.2");
        assert_eq!(esc("a'b"), "a&apos;b");
    }
}
