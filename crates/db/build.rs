// `embed_migrations!` reads the migration folders at compile time, but Cargo does not know it:
// without this, a new migration folder is not embedded until something else in the crate changes.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
