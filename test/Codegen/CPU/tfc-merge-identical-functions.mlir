// RUN: tfc-opt %s --tfc-merge-identical-functions | FileCheck %s

// Private functions with equal bodies are one: the first is kept and the
// calls of the others call it, whatever their names and locations; it
// counts the functions it stands for (tfc.merged_functions), those that
// earlier merges made one included. A body
// that differs in a constant, or in which value an op uses, is another
// function; a public function, or a private one that is an entry point
// (an initializer the model's function table names), is never merged.

// CHECK-LABEL: func.func @main(
// CHECK:         call @scale(%{{.*}})
// CHECK:         call @scale(%{{.*}})
// CHECK:         call @scale_by_three(%{{.*}})
// CHECK:         call @square(%{{.*}})
// CHECK:         call @public_scale(%{{.*}})
// CHECK:         call @initial_scale(%{{.*}})
// CHECK:         call @initial_scale_again(%{{.*}})
// CHECK:         call @negate(%{{.*}})
// CHECK:         call @negate(%{{.*}})
// CHECK:       func.func private @scale(
// CHECK-SAME:    tfc.merged_functions = 2 : i64
// CHECK-NOT:   func.func private @scale_again(
// CHECK:       func.func private @scale_by_three(
// CHECK-NOT:     tfc.merged_functions
// CHECK:       func.func private @square(
// CHECK:       func.func @public_scale(
// CHECK:       func.func private @initial_scale(
// CHECK:       func.func private @initial_scale_again(
// CHECK:       func.func private @negate(
// CHECK-SAME:    tfc.merged_functions = 5 : i64
// CHECK-NOT:   func.func private @negate_again(
func.func @main(%x: f32) -> f32 {
  %a = call @scale(%x) : (f32) -> f32
  %b = call @scale_again(%a) : (f32) -> f32
  %c = call @scale_by_three(%b) : (f32) -> f32
  %d = call @square(%c) : (f32) -> f32
  %e = call @public_scale(%d) : (f32) -> f32
  %f = call @initial_scale(%e) : (f32) -> f32
  %g = call @initial_scale_again(%f) : (f32) -> f32
  %h = call @negate(%g) : (f32) -> f32
  %i = call @negate_again(%h) : (f32) -> f32
  return %i : f32
}
func.func private @scale(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %two : f32
  return %y : f32
}
func.func private @scale_again(%v: f32) -> f32 {
  %k = arith.constant 2.0 : f32 loc("elsewhere.mlir":3:4)
  %w = arith.mulf %v, %k : f32 loc("elsewhere.mlir":4:4)
  return %w : f32
}
func.func private @scale_by_three(%x: f32) -> f32 {
  %three = arith.constant 3.0 : f32
  %y = arith.mulf %x, %three : f32
  return %y : f32
}
func.func private @square(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %x : f32
  return %y : f32
}
func.func @public_scale(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %two : f32
  return %y : f32
}
func.func private @initial_scale(%x: f32) -> f32 attributes {tfc.entry_point} {
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %two : f32
  return %y : f32
}
func.func private @initial_scale_again(%x: f32) -> f32 attributes {tfc.entry_point} {
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %two : f32
  return %y : f32
}
func.func private @negate(%x: f32) -> f32 attributes {tfc.merged_functions = 2 : i64} {
  %y = arith.negf %x : f32
  return %y : f32
}
func.func private @negate_again(%x: f32) -> f32 attributes {tfc.merged_functions = 3 : i64} {
  %y = arith.negf %x : f32
  return %y : f32
}
