// Element-wise ops compute TensorFlow's scalar semantics.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libelementwise.so
// RUN: tfc run %t/libelementwise.so --fn floats | FileCheck %s --check-prefix=FLOATS
// RUN: tfc run %t/libelementwise.so --fn ints | FileCheck %s --check-prefix=INTS
// RUN: tfc run %t/libelementwise.so --fn logic | FileCheck %s --check-prefix=LOGIC

// x = [-3.5, -1, 0, 2, 7], y = 2 (broadcast)
// FLOATS: output0 = f32[5] [-1.75 -0.5 0 1 3.5]
// FLOATS-NEXT: output1 = f32[5] [-2 -1 0 1 3]
// FLOATS-NEXT: output2 = f32[5] [0.5 1 0 0 1]
// FLOATS-NEXT: output3 = f32[5] [12.25 1 0 4 49]
// FLOATS-NEXT: output4 = f32[5] [0 0 0 2 7]
// FLOATS-NEXT: output5 = f32[5] [0.02931223 0.26894143 0.5 0.8807971 0.99908894]
// FLOATS-NEXT: output6 = f32[5] [3.5 1 0 2 7]
// FLOATS-NEXT: output7 = f32[5] [-3.5 -1 0 2 2]
func.func @floats() -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %r:8 = tfc.graph -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
    %x = tfc.constant dense<[-3.5, -1.0, 0.0, 2.0, 7.0]> : tensor<5xf32>
    %y = tfc.constant dense<2.0> : tensor<f32>
    %div = tfc.div %x, %y : tensor<5xf32>, tensor<f32>
    %floordiv = tfc.floordiv %x, %y : tensor<5xf32>, tensor<f32>
    %mod = tfc.mod %x, %y : tensor<5xf32>, tensor<f32>
    %square = tfc.square %x : tensor<5xf32>
    %relu = tfc.relu %x : tensor<5xf32>
    %sigmoid = tfc.sigmoid %x : tensor<5xf32>
    %abs = tfc.abs %x : tensor<5xf32>
    %min = tfc.minimum %x, %y : tensor<5xf32>, tensor<f32>
    tfc.fetch %div, %floordiv, %mod, %square, %relu, %sigmoid, %abs, %min : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}

// Integer division truncates (Div) or floors (FloorDiv); FloorMod takes the
// divisor's sign. x = [-7, 7, -7, 7, 5], y = [2, -2, -2, 2, 3];
// pow(x, [2, 2, 2, 2, 0])
// INTS: output0 = i32[5] [-3 -3 3 3 1]
// INTS-NEXT: output1 = i32[5] [-4 -4 3 3 1]
// INTS-NEXT: output2 = i32[5] [1 -1 -1 1 2]
// INTS-NEXT: output3 = i32[5] [49 49 49 49 1]
func.func @ints() -> (tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>) {
  %r:4 = tfc.graph -> (tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>) {
    %x = tfc.constant dense<[-7, 7, -7, 7, 5]> : tensor<5xi32>
    %y = tfc.constant dense<[2, -2, -2, 2, 3]> : tensor<5xi32>
    %div = tfc.div %x, %y : tensor<5xi32>, tensor<5xi32>
    %floordiv = tfc.floordiv %x, %y : tensor<5xi32>, tensor<5xi32>
    %mod = tfc.mod %x, %y : tensor<5xi32>, tensor<5xi32>
    %e = tfc.constant dense<[2, 2, 2, 2, 0]> : tensor<5xi32>
    %pow = tfc.pow %x, %e : tensor<5xi32>, tensor<5xi32>
    tfc.fetch %div, %floordiv, %mod, %pow : tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>
}

// Comparisons broadcast and give booleans.
// LOGIC: output0 = bool[2,3] {{\[}}[true true false] [false true false]]
// LOGIC-NEXT: output1 = bool[2,3] {{\[}}[false false true] [true false true]]
func.func @logic() -> (tensor<2x3xi1>, tensor<2x3xi1>) {
  %r:2 = tfc.graph -> (tensor<2x3xi1>, tensor<2x3xi1>) {
    %a = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    %b = tfc.constant dense<[1.5, 2.5, 0.5]> : tensor<3xf32>
    %less = tfc.less %a, %b : tensor<2x1xf32>, tensor<3xf32>
    %p = tfc.logical_not %less : tensor<2x3xi1>
    tfc.fetch %less, %p : tensor<2x3xi1>, tensor<2x3xi1>
  }
  return %r#0, %r#1 : tensor<2x3xi1>, tensor<2x3xi1>
}
