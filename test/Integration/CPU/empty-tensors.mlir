// Tensors with an empty dimension compile and run: a softmax over an empty
// axis, a relu of no rows, and a matmul whose inner dimension is empty
// (all zeros), as TensorFlow gives them.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libempty.so
// RUN: tfc run %t/libempty.so --fn empty | FileCheck %s
// RUN: TFC_NUM_THREADS=1 tfc run %t/libempty.so --fn empty | FileCheck %s
// CHECK: output0 = f32[2,0] {{\[}}[] []]
// CHECK-NEXT: output1 = f32[0,4] []
// CHECK-NEXT: output2 = f32[3,4] {{\[}}[0 0 0 0] [0 0 0 0] [0 0 0 0]]

func.func @empty() -> (tensor<2x0xf32>, tensor<0x4xf32>, tensor<3x4xf32>) {
  %r:3 = tfc.graph -> (tensor<2x0xf32>, tensor<0x4xf32>, tensor<3x4xf32>) {
    %e = tfc.constant dense<1.0> : tensor<2x0xf32>
    %rows = tfc.constant dense<1.0> : tensor<0x4xf32>
    %a = tfc.constant dense<1.0> : tensor<3x0xf32>
    %b = tfc.constant dense<1.0> : tensor<0x4xf32>
    %s = tfc.softmax %e : tensor<2x0xf32>
    %relu = tfc.relu %rows : tensor<0x4xf32>
    %m = tfc.matmul %a, %b : tensor<3x0xf32>, tensor<0x4xf32>
    tfc.fetch %s, %relu, %m : tensor<2x0xf32>, tensor<0x4xf32>, tensor<3x4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<2x0xf32>, tensor<0x4xf32>, tensor<3x4xf32>
}
