//! The tiny markup of product descriptions: paragraphs separated by a blank line, and list items
//! on lines starting with "- " or "* ". It is turned into blocks of plain text, which the app
//! renders as elements (never as HTML), so nothing a description holds can become markup.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DescriptionBlock {
    Paragraph { text: String },
    List { items: Vec<String> },
}

/// The description's blocks, in order.
pub fn blocks(description: &str) -> Vec<DescriptionBlock> {
    let mut blocks = Vec::new();
    for chunk in description.split("\n\n") {
        let mut paragraph: Vec<&str> = Vec::new();
        let mut items: Vec<String> = Vec::new();
        for line in chunk.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(item) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
                flush_paragraph(&mut blocks, &mut paragraph);
                items.push(item.trim().to_owned());
            } else {
                flush_list(&mut blocks, &mut items);
                paragraph.push(line);
            }
        }
        flush_paragraph(&mut blocks, &mut paragraph);
        flush_list(&mut blocks, &mut items);
    }
    blocks
}

fn flush_paragraph(blocks: &mut Vec<DescriptionBlock>, lines: &mut Vec<&str>) {
    if !lines.is_empty() {
        blocks.push(DescriptionBlock::Paragraph {
            text: lines.join(" "),
        });
        lines.clear();
    }
}

fn flush_list(blocks: &mut Vec<DescriptionBlock>, items: &mut Vec<String>) {
    if !items.is_empty() {
        blocks.push(DescriptionBlock::List {
            items: std::mem::take(items),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_and_lists() {
        let text =
            "Boosts flowering.\nUse early.\n\n- 2 ml per litre\n* Spray at dusk\nRepeat monthly.";
        assert_eq!(
            blocks(text),
            [
                DescriptionBlock::Paragraph {
                    text: "Boosts flowering. Use early.".into()
                },
                DescriptionBlock::List {
                    items: vec!["2 ml per litre".into(), "Spray at dusk".into()]
                },
                DescriptionBlock::Paragraph {
                    text: "Repeat monthly.".into()
                },
            ]
        );
        assert!(blocks("").is_empty());
    }
}
