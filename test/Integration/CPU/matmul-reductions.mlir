// Matmul with transposes and broadcast batches, and the reductions.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libmm.so
// RUN: tfc run %t/libmm.so --fn matmuls | FileCheck %s --check-prefix=MM
// RUN: tfc run %t/libmm.so --fn reductions --input "x=[[1,5,3],[4,2,6]]" | FileCheck %s --check-prefix=RED
// Dynamic dimensions take the sizes of the input.
// RUN: tfc run %t/libmm.so --fn reductions --input "x=[[1,2,3,4],[5,6,7,8],[0,0,0,-1]]" | FileCheck %s --check-prefix=DYN

// a = [[1,2],[3,4]], b = [[5,6],[7,8]]
// MM: output0 = f32[2,2] {{\[}}[19 22] [43 50]]
// a^T b:
// MM-NEXT: output1 = f32[2,2] {{\[}}[26 30] [38 44]]
// a b^T:
// MM-NEXT: output2 = f32[2,2] {{\[}}[17 23] [39 53]]
// a^T b^T:
// MM-NEXT: output3 = f32[2,2] {{\[}}[23 31] [34 46]]
// [2,2,2] batch (a, 2a) times b broadcast over the batch:
// MM-NEXT: output4 = f32[2,2,2] {{\[}}{{\[}}[19 22] [43 50]] {{\[}}[38 44] [86 100]]]
// integers:
// MM-NEXT: output5 = i32[1,2] {{\[}}[11 14]]
func.func @matmuls() -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<1x2xi32>) {
  %r:6 = tfc.graph -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<1x2xi32>) {
    %a = tfc.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %b = tfc.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
    %ab = tfc.matmul %a, %b : tensor<2x2xf32>, tensor<2x2xf32>
    %atb = tfc.matmul %a, %b transpose_a : tensor<2x2xf32>, tensor<2x2xf32>
    %abt = tfc.matmul %a, %b transpose_b : tensor<2x2xf32>, tensor<2x2xf32>
    %atbt = tfc.matmul %a, %b transpose_a transpose_b : tensor<2x2xf32>, tensor<2x2xf32>
    %batch = tfc.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[2.0, 4.0], [6.0, 8.0]]]> : tensor<2x2x2xf32>
    %bb = tfc.matmul %batch, %b : tensor<2x2x2xf32>, tensor<2x2xf32>
    %i = tfc.constant dense<[[1, 2]]> : tensor<1x2xi32>
    %j = tfc.constant dense<[[1, 2], [5, 6]]> : tensor<2x2xi32>
    %ij = tfc.matmul %i, %j : tensor<1x2xi32>, tensor<2x2xi32>
    tfc.fetch %ab, %atb, %abt, %atbt, %bb, %ij : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<1x2xi32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<1x2xi32>
}

// x = [[1,5,3],[4,2,6]]
// RED: output0 = f32[] 21
// RED-NEXT: output1 = f32[3] [5 7 9]
// RED-NEXT: output2 = f32[2,1] {{\[}}[3] [4]]
// RED-NEXT: output3 = f32[2] [5 6]
// RED-NEXT: output4 = f32[1,1] {{\[}}[6]]
// DYN: output0 = f32[] 35
// DYN-NEXT: output1 = f32[4] [6 8 10 11]
// DYN-NEXT: output2 = f32[3,1] {{\[}}[2.5] [6.5] [-0.25]]
// DYN-NEXT: output3 = f32[3] [4 8 0]
// DYN-NEXT: output4 = f32[1,1] {{\[}}[8]]
func.func @reductions(%x: tensor<?x?xf32> {tfc.name = "x"}) -> (tensor<f32>, tensor<?xf32>, tensor<?x1xf32>, tensor<?xf32>, tensor<1x1xf32>) {
  %r:5 = tfc.graph -> (tensor<f32>, tensor<?xf32>, tensor<?x1xf32>, tensor<?xf32>, tensor<1x1xf32>) {
    %all = tfc.reduce_sum %x : tensor<?x?xf32>
    %cols = tfc.reduce_sum %x axes [0] : tensor<?x?xf32>
    %mean = tfc.reduce_mean %x axes [-1] keep_dims : tensor<?x?xf32>
    %max = tfc.reduce_max %x axes [1] : tensor<?x?xf32>
    %top = tfc.reduce_max %x keep_dims : tensor<?x?xf32>
    tfc.fetch %all, %cols, %mean, %max, %top : tensor<f32>, tensor<?xf32>, tensor<?x1xf32>, tensor<?xf32>, tensor<1x1xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<f32>, tensor<?xf32>, tensor<?x1xf32>, tensor<?xf32>, tensor<1x1xf32>
}
