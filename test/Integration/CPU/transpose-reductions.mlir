// transpose and the min/prod/any/all reductions compile and give
// TensorFlow's numbers, including the reductions of nothing.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libtr.so
// RUN: tfc run %t/libtr.so --fn transposes --input "x=[[1,2,3],[4,5,6]]" --input "c=[[[1,2],[3,4]],[[5,6],[7,8]]]" | FileCheck %s --check-prefix=TRANSPOSE
// RUN: tfc run %t/libtr.so --fn transpose_dynamic --input "x=[[1,2,3],[4,5,6]]" | FileCheck %s --check-prefix=DYNAMIC
// RUN: tfc run %t/libtr.so --fn reductions --input "x=[[3,1,2],[-1,5,0]]" --input "i=[[1,2,3],[4,5,6]]" | FileCheck %s --check-prefix=REDUCE
// RUN: tfc run %t/libtr.so --fn empty --input "x=[]" | FileCheck %s --check-prefix=EMPTY
// RUN: tfc run %t/libtr.so --fn split_pad --input "x=[[1,2,3,4],[5,6,7,8]]" | FileCheck %s --check-prefix=SPLIT
// RUN: tfc run %t/libtr.so --fn split_dynamic --input "x=[1,2,3,4,5,6]" | FileCheck %s --check-prefix=SPLITDYN

// TRANSPOSE: output0 = f32[3,2] {{\[}}[1 4] [2 5] [3 6]]
// TRANSPOSE-NEXT: output1 = f32[2,2,2] {{\[\[\[}}1 3] [5 7]] {{\[\[}}2 4] [6 8]]]
func.func @transposes(%x: tensor<2x3xf32> {tfc.name = "x"}, %c: tensor<2x2x2xf32> {tfc.name = "c"}) -> (tensor<3x2xf32>, tensor<2x2x2xf32>) {
  %r:2 = tfc.graph -> (tensor<3x2xf32>, tensor<2x2x2xf32>) {
    %t = tfc.transpose %x : tensor<2x3xf32>
    %u = tfc.transpose %c perm [2, 0, 1] : tensor<2x2x2xf32>
    tfc.fetch %t, %u : tensor<3x2xf32>, tensor<2x2x2xf32>
  }
  return %r#0, %r#1 : tensor<3x2xf32>, tensor<2x2x2xf32>
}

// DYNAMIC: output0 = f32[3,2] {{\[}}[1 4] [2 5] [3 6]]
func.func @transpose_dynamic(%x: tensor<?x?xf32> {tfc.name = "x"}) -> tensor<?x?xf32> {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %t = tfc.transpose %x perm [1, 0] : tensor<?x?xf32>
    tfc.fetch %t : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// min over rows; prod of all and over axis 0; any/all of i > 2 over rows.
// REDUCE: output0 = f32[2] [1 -1]
// REDUCE-NEXT: output1 = i32[] 720
// REDUCE-NEXT: output2 = i32[3] [4 10 18]
// REDUCE-NEXT: output3 = bool[2] [true true]
// REDUCE-NEXT: output4 = bool[2] [false true]
// REDUCE-NEXT: output5 = bool[2,1] {{\[}}[false] [true]]
func.func @reductions(%x: tensor<2x3xf32> {tfc.name = "x"}, %i: tensor<2x3xi32> {tfc.name = "i"}) -> (tensor<2xf32>, tensor<i32>, tensor<3xi32>, tensor<2xi1>, tensor<2xi1>, tensor<2x1xi1>) {
  %r:6 = tfc.graph -> (tensor<2xf32>, tensor<i32>, tensor<3xi32>, tensor<2xi1>, tensor<2xi1>, tensor<2x1xi1>) {
    %min = tfc.reduce_min %x axes [1] : tensor<2x3xf32>
    %prod = tfc.reduce_prod %i : tensor<2x3xi32>
    %prod0 = tfc.reduce_prod %i axes [0] : tensor<2x3xi32>
    %two = tfc.constant dense<2> : tensor<i32>
    %big = tfc.greater %i, %two : tensor<2x3xi32>, tensor<i32>
    %any = tfc.reduce_any %big axes [1] : tensor<2x3xi1>
    %all = tfc.reduce_all %big axes [1] : tensor<2x3xi1>
    %allk = tfc.reduce_all %big axes [1] keep_dims : tensor<2x3xi1>
    tfc.fetch %min, %prod, %prod0, %any, %all, %allk : tensor<2xf32>, tensor<i32>, tensor<3xi32>, tensor<2xi1>, tensor<2xi1>, tensor<2x1xi1>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<2xf32>, tensor<i32>, tensor<3xi32>, tensor<2xi1>, tensor<2xi1>, tensor<2x1xi1>
}

// Over nothing: min is +inf, prod 1, any false, all true (TensorFlow's).
// EMPTY: output0 = f32[] inf
// EMPTY-NEXT: output1 = f32[] 1
// EMPTY-NEXT: output2 = bool[] false
// EMPTY-NEXT: output3 = bool[] true
func.func @empty(%x: tensor<?xf32> {tfc.name = "x"}) -> (tensor<f32>, tensor<f32>, tensor<i1>, tensor<i1>) {
  %r:4 = tfc.graph -> (tensor<f32>, tensor<f32>, tensor<i1>, tensor<i1>) {
    %min = tfc.reduce_min %x : tensor<?xf32>
    %prod = tfc.reduce_prod %x : tensor<?xf32>
    %zero = tfc.constant dense<0.0> : tensor<f32>
    %pos = tfc.greater %x, %zero : tensor<?xf32>, tensor<f32>
    %any = tfc.reduce_any %pos : tensor<?xi1>
    %all = tfc.reduce_all %pos : tensor<?xi1>
    tfc.fetch %min, %prod, %any, %all : tensor<f32>, tensor<f32>, tensor<i1>, tensor<i1>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<f32>, tensor<f32>, tensor<i1>, tensor<i1>
}

// split(x, 2, axis 1); split(x, [1, -1, 1], axis 1); pad(x, [[1,0],[0,2]])
// with 9; zeros_like and ones_like of x.
// SPLIT: output0 = f32[2,2] {{\[}}[1 2] [5 6]]
// SPLIT-NEXT: output1 = f32[2,2] {{\[}}[3 4] [7 8]]
// SPLIT-NEXT: output2 = f32[2,1] {{\[}}[1] [5]]
// SPLIT-NEXT: output3 = f32[2,2] {{\[}}[2 3] [6 7]]
// SPLIT-NEXT: output4 = f32[2,1] {{\[}}[4] [8]]
// SPLIT-NEXT: output5 = f32[3,6] {{\[}}[9 9 9 9 9 9] [1 2 3 4 9 9] [5 6 7 8 9 9]]
// SPLIT-NEXT: output6 = f32[2,4] {{\[}}[0 0 0 0] [0 0 0 0]]
// SPLIT-NEXT: output7 = f32[2,4] {{\[}}[1 1 1 1] [1 1 1 1]]
func.func @split_pad(%x: tensor<2x4xf32> {tfc.name = "x"}) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<3x6xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %r:8 = tfc.graph -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<3x6xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
    %a:2 = tfc.split %x axis 1 num 2 : tensor<2x4xf32>
    %b:3 = tfc.split %x axis 1 sizes [1, -1, 1] : tensor<2x4xf32>
    %nine = tfc.constant dense<9.0> : tensor<f32>
    %p = tfc.pad %x paddings [1, 0, 0, 2] value %nine : tensor<2x4xf32>, tensor<f32>
    %z = tfc.zeros_like %x : tensor<2x4xf32>
    %o = tfc.ones_like %x : tensor<2x4xf32>
    tfc.fetch %a#0, %a#1, %b#0, %b#1, %b#2, %p, %z, %o : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<3x6xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<3x6xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// Sizes known at run time: three equal parts, and the rest after 1; pad
// of a dynamic dimension.
// SPLITDYN: output0 = f32[2] [1 2]
// SPLITDYN-NEXT: output1 = f32[2] [3 4]
// SPLITDYN-NEXT: output2 = f32[2] [5 6]
// SPLITDYN-NEXT: output3 = f32[5] [2 3 4 5 6]
// SPLITDYN-NEXT: output4 = f32[8] [0 1 2 3 4 5 6 0]
func.func @split_dynamic(%x: tensor<?xf32> {tfc.name = "x"}) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %r:5 = tfc.graph -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
    %a:3 = tfc.split %x axis 0 num 3 : tensor<?xf32>
    %b:2 = tfc.split %x axis 0 sizes [1, -1] : tensor<?xf32>
    %p = tfc.pad %x paddings [1, 1] : tensor<?xf32>
    tfc.fetch %a#0, %a#1, %a#2, %b#1, %p : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
