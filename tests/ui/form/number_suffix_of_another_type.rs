// A suffix names a type; it must be the field's own (`10u8` on a `u8`), as rustc would hold it.
use mcpdesc_runtime::ElicitationForm;

#[derive(ElicitationForm)]
struct Estimate {
    #[form(minimum = 1u8, maximum = 300u8)]
    points: u16,
    #[form(default = -2i64)]
    offset: Option<i32>,
    #[form(maximum = 0.5f32)]
    ratio: f64,
    #[form(minimum = 1u32)]
    share: f32,
}

fn main() {}
