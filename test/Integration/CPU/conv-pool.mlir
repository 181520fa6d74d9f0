// conv2d, max_pool and avg_pool compiled and run, on x = 1..16 as a 4x4
// image (one channel); every expectation is worked out by hand below.
//
//    1  2  3  4
//    5  6  7  8
//    9 10 11 12
//   13 14 15 16
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libconv.so
// RUN: tfc run %t/libconv.so --fn conv | FileCheck %s --check-prefix=CONV
// RUN: tfc run %t/libconv.so --fn pools | FileCheck %s --check-prefix=POOL
// RUN: tfc run %t/libconv.so --fn conv_dynamic_batch --input "x=[[[[1],[2],[3],[4]],[[5],[6],[7],[8]],[[9],[10],[11],[12]],[[13],[14],[15],[16]]],[[[2],[4],[6],[8]],[[10],[12],[14],[16]],[[18],[20],[22],[24]],[[26],[28],[30],[32]]]]" | FileCheck %s --check-prefix=DYN
// The same at -O0 (no tiling, no vectorization):
// RUN: tfc compile -O0 %s -o %t/libconv0.so
// RUN: tfc run %t/libconv0.so --fn conv | FileCheck %s --check-prefix=CONV
// RUN: tfc run %t/libconv0.so --fn pools | FileCheck %s --check-prefix=POOL

// 3x3 ones, VALID: the sums of the four full 3x3 windows.
// CONV: output0 = f32[2,2] {{\[}}[54 63] [90 99]]
// 3x3 ones, SAME, stride 1: pads 1 on each side, so border windows are
// clipped (corner 1+2+5+6 = 14).
// CONV-NEXT: output1 = f32[4,4] {{\[}}[14 24 30 22] [33 54 63 45] [57 90 99 69] [46 72 78 54]]
// 3x3 ones, SAME, stride 2: 2x2 outputs need (2-1)*2 + 3 - 4 = 1 padding,
// all of it after (TensorFlow's asymmetric SAME): the first window is the
// full top-left one (54), not a padded one (14).
// CONV-NEXT: output2 = f32[2,2] {{\[}}[54 45] [72 54]]
// The 2x2 filter [[1,2],[3,4]], VALID, stride 2 (a correlation, not
// flipped): 1*1 + 2*2 + 5*3 + 6*4 = 44.
// CONV-NEXT: output3 = f32[2,2] {{\[}}[44 64] [124 144]]
// 2x2 ones dilated by 2 (a 3x3 window of its corners), VALID: 1+3+9+11.
// CONV-NEXT: output4 = f32[2,2] {{\[}}[24 28] [40 44]]
// Channels: input [1, 2], filter (HWIO) [[1,2,3],[4,5,6]]: [1+8, 2+10, 3+12].
// CONV-NEXT: output5 = f32[3] [9 12 15]
func.func @conv() -> (tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf32>) {
  %r:6 = tfc.graph -> (tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf32>) {
    %flat = tfc.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]> : tensor<16xf32>
    %x = tfc.reshape %flat to [1, 4, 4, 1] : tensor<16xf32>
    %ones = tfc.constant dense<1.0> : tensor<3x3x1x1xf32>
    %valid = tfc.conv2d %x, %ones strides [1, 1, 1, 1] padding "VALID" : tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>
    %same = tfc.conv2d %x, %ones strides [1, 1, 1, 1] padding "SAME" : tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>
    %same2 = tfc.conv2d %x, %ones strides [1, 2, 2, 1] padding "SAME" : tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>
    %w = tfc.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
    %valid2 = tfc.conv2d %x, %w strides [1, 2, 2, 1] padding "VALID" : tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>
    %ones2 = tfc.constant dense<1.0> : tensor<2x2x1x1xf32>
    %dilated = tfc.conv2d %x, %ones2 strides [1, 1, 1, 1] padding "VALID" dilations [1, 2, 2, 1] : tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>
    %c = tfc.constant dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>
    %wc = tfc.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]]> : tensor<1x1x2x3xf32>
    %mixed = tfc.conv2d %c, %wc strides [1, 1, 1, 1] padding "SAME" : tensor<1x1x1x2xf32>, tensor<1x1x2x3xf32>
    %o0 = tfc.reshape %valid to [2, 2] : tensor<1x2x2x1xf32>
    %o1 = tfc.reshape %same to [4, 4] : tensor<1x4x4x1xf32>
    %o2 = tfc.reshape %same2 to [2, 2] : tensor<1x2x2x1xf32>
    %o3 = tfc.reshape %valid2 to [2, 2] : tensor<1x2x2x1xf32>
    %o4 = tfc.reshape %dilated to [2, 2] : tensor<1x2x2x1xf32>
    %o5 = tfc.reshape %mixed to [3] : tensor<1x1x1x3xf32>
    tfc.fetch %o0, %o1, %o2, %o3, %o4, %o5 : tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf32>
}

// max_pool 2x2, stride 2, VALID: the bottom-right of each block.
// POOL: output0 = f32[2,2] {{\[}}[6 8] [14 16]]
// max_pool 3x3, stride 1, SAME of -x: -(the smallest neighbour). Padding
// is -inf, never 0: the corner is -1, not 0.
// POOL-NEXT: output1 = f32[4,4] {{\[}}[-1 -1 -2 -3] [-1 -1 -2 -3] [-5 -5 -6 -7] [-9 -9 -10 -11]]
// max_pool 3x3, stride 2, SAME (the padding after): 11, 12, 15, 16.
// POOL-NEXT: output2 = f32[2,2] {{\[}}[11 12] [15 16]]
// avg_pool 2x2, stride 2, VALID: (1+2+5+6)/4 = 3.5.
// POOL-NEXT: output3 = f32[2,2] {{\[}}[3.5 5.5] [11.5 13.5]]
// avg_pool 3x3, stride 1, SAME: the SAME sums above divided by the inputs
// each window covers (4 in corners, 6 on edges, 9 inside): 14/4, 24/6, ...
// POOL-NEXT: output4 = f32[4,4] {{\[}}[3.5 4 5 5.5] [5.5 6 7 7.5] [9.5 10 11 11.5] [11.5 12 13 13.5]]
// avg_pool 3x3, stride 2, SAME: 54/9, 45/6, 72/6, 54/4.
// POOL-NEXT: output5 = f32[2,2] {{\[}}[6 7.5] [12 13.5]]
// max_pool of int32, 2x2, stride 2, VALID.
// POOL-NEXT: output6 = i32[2,2] {{\[}}[6 8] [14 16]]
func.func @pools() -> (tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xi32>) {
  %r:7 = tfc.graph -> (tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xi32>) {
    %flat = tfc.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]> : tensor<16xf32>
    %x = tfc.reshape %flat to [1, 4, 4, 1] : tensor<16xf32>
    %neg = tfc.neg %x : tensor<1x4x4x1xf32>
    %m0 = tfc.max_pool %x ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<1x4x4x1xf32>
    %m1 = tfc.max_pool %neg ksize [1, 3, 3, 1] strides [1, 1, 1, 1] padding "SAME" : tensor<1x4x4x1xf32>
    %m2 = tfc.max_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<1x4x4x1xf32>
    %a0 = tfc.avg_pool %x ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<1x4x4x1xf32>
    %a1 = tfc.avg_pool %x ksize [1, 3, 3, 1] strides [1, 1, 1, 1] padding "SAME" : tensor<1x4x4x1xf32>
    %a2 = tfc.avg_pool %x ksize [1, 3, 3, 1] strides [1, 2, 2, 1] padding "SAME" : tensor<1x4x4x1xf32>
    %xi = tfc.cast %x : tensor<1x4x4x1xf32> to i32
    %mi = tfc.max_pool %xi ksize [1, 2, 2, 1] strides [1, 2, 2, 1] padding "VALID" : tensor<1x4x4x1xi32>
    %o0 = tfc.reshape %m0 to [2, 2] : tensor<1x2x2x1xf32>
    %o1 = tfc.reshape %m1 to [4, 4] : tensor<1x4x4x1xf32>
    %o2 = tfc.reshape %m2 to [2, 2] : tensor<1x2x2x1xf32>
    %o3 = tfc.reshape %a0 to [2, 2] : tensor<1x2x2x1xf32>
    %o4 = tfc.reshape %a1 to [4, 4] : tensor<1x4x4x1xf32>
    %o5 = tfc.reshape %a2 to [2, 2] : tensor<1x2x2x1xf32>
    %o6 = tfc.reshape %mi to [2, 2] : tensor<1x2x2x1xi32>
    tfc.fetch %o0, %o1, %o2, %o3, %o4, %o5, %o6 : tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xi32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x4xf32>, tensor<2x2xf32>, tensor<2x2xi32>
}

// An unknown batch: x and 2x, 3x3 ones, SAME, stride 2, as output2 of
// @conv; the second image gives twice the numbers.
// DYN: output0 = f32[2,2,2,1] {{\[}}{{\[}}{{\[}}[54] [45]] {{\[}}[72] [54]]] {{\[}}{{\[}}[108] [90]] {{\[}}[144] [108]]]]
func.func @conv_dynamic_batch(%x: tensor<?x4x4x1xf32> {tfc.name = "x"}) -> tensor<?x2x2x1xf32> {
  %r = tfc.graph -> (tensor<?x2x2x1xf32>) {
    %ones = tfc.constant dense<1.0> : tensor<3x3x1x1xf32>
    %y = tfc.conv2d %x, %ones strides [1, 2, 2, 1] padding "SAME" : tensor<?x4x4x1xf32>, tensor<3x3x1x1xf32>
    tfc.fetch %y : tensor<?x2x2x1xf32>
  }
  return %r : tensor<?x2x2x1xf32>
}
