// The guide's broadcasting pitfall and a dense layer with a dynamic batch,
// compiled to a shared library and run.
// RUN: rm -rf %t && mkdir -p %t
// Compiling warns about the pitfall, and says nothing else.
// RUN: tfc compile %s -o %t/libbroadcast.so 2>&1 | FileCheck %s --check-prefix=LINT --implicit-check-not=warning --implicit-check-not=error
// LINT: broadcasting.mlir:[[@LINE+21]]:10: warning: reduce_sum without axes reduces every element of a broadcast of [2,1] and [2] to [2,2]
// LINT: note: the broadcast of [2,1] and [2] is here
// RUN: tfc run %t/libbroadcast.so --fn pitfall | FileCheck %s --check-prefix=PITFALL
// PITFALL: output0 = f32[] 12
// PITFALL-NEXT: output1 = f32[2] [5 7]

// The same library at -O0 gives the same numbers.
// RUN: tfc compile -O0 %s -o %t/libbroadcast0.so
// RUN: tfc run %t/libbroadcast0.so --fn pitfall | FileCheck %s --check-prefix=PITFALL

// One batch size, then another, through the same entry point.
// RUN: tfc run %t/libbroadcast.so --fn dense --input "x=[[1,2,3],[-1,-2,-3]]" | FileCheck %s --check-prefix=BATCH2
// BATCH2: output0 = f32[2,2] {{\[}}[15 33] [0 0]]
// RUN: tfc run %t/libbroadcast.so --fn dense --input "x=[[1,0,0],[0,1,0],[0,0,1],[1,1,1],[0,0,0]]" | FileCheck %s --check-prefix=BATCH5
// BATCH5: output0 = f32[5,2] {{\[}}[2 5] [3 6] [4 7] [7 16] [1 1]]

func.func @pitfall() -> (tensor<f32>, tensor<2xf32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<2xf32>) {
    %a = tfc.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
    %b = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %sum = tfc.add %a, %b : tensor<2x1xf32>, tensor<2xf32>
    %c = tfc.reduce_sum %sum : tensor<2x2xf32>
    %d = tfc.reduce_sum %sum axes [0] : tensor<2x2xf32>
    tfc.fetch %c, %d : tensor<f32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<2xf32>
}

// relu(x @ w + b) with w = [[1,2],[2,4],[3,5]]... as constants.
func.func @dense(%x: tensor<?x3xf32> {tfc.name = "x"}) -> tensor<?x2xf32> {
  %r = tfc.graph -> (tensor<?x2xf32>) {
    %w = tfc.constant dense<[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]> : tensor<3x2xf32>
    %b = tfc.constant dense<[1.0, 1.0]> : tensor<2xf32>
    %xw = tfc.matmul %x, %w : tensor<?x3xf32>, tensor<3x2xf32>
    %z = tfc.add %xw, %b : tensor<?x2xf32>, tensor<2xf32>
    %y = tfc.relu %z : tensor<?x2xf32>
    tfc.fetch %y : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}
