use mcpdesc_runtime::resource_handler;

// The attribute goes on `impl ServerHandler for ...`; on a function it is one error, and the
// function is still there.
#[resource_handler]
fn serve() {}

fn main() {
    serve();
}
