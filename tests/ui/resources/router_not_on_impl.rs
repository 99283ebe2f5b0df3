use mcpdesc_runtime::resource_router;

// The attribute goes on the impl block, not on the type: one error, and the type is still there.
#[resource_router]
struct Notes;

fn main() {
    let _notes = Notes;
}
