// The guide's merge: dense(concat([a, tile(b)])) with a [5,3,5] and b
// [5,1,6], compiled with the rewrite (-O2, tfc-broadcast-merge) and without
// it (-O0, and -O2 with --disable-rewrite=broadcast-merge): the same
// numbers within 1e-5 (the sums are only reassociated).
// RUN: rm -rf %t && mkdir -p %t/merged %t/naive %t/tiled
// RUN: tfc compile -O2 %s -o %t/libmerged.so
// RUN: tfc compile -O0 %s -o %t/libnaive.so
// RUN: tfc compile -O2 --disable-rewrite=broadcast-merge %s -o %t/libtiled.so
// RUN: tfc run %t/libmerged.so --output-dir %t/merged > %t/merged.txt
// RUN: tfc run %t/libnaive.so --output-dir %t/naive > %t/naive.txt
// RUN: tfc run %t/libtiled.so --output-dir %t/tiled > %t/tiled.txt
// RUN: %python %S/Inputs/compare_npy.py %t/merged/output0.npy %t/naive/output0.npy 1e-5 | FileCheck %s
// RUN: %python %S/Inputs/compare_npy.py %t/merged/output0.npy %t/tiled/output0.npy 1e-5 | FileCheck %s
// CHECK: equal within 1e-05: 30 values
// The rewrite removed the tile: the merged library has no 5x3x11 concat.
// RUN: tfc-opt %s --tfc-frontend | FileCheck %s --check-prefix=IR --implicit-check-not=tfc.tile --implicit-check-not=tfc.concat
// IR: tfc.matmul
func.func @merge() -> tensor<5x3x2xf32> {
  %r = tfc.graph -> (tensor<5x3x2xf32>) {
    %a = tfc.constant dense<[[[-0.52, 0.09, -0.26, 0.21, 0.25], [-0.87, -0.97, 0.67, -0.48, -0.53], [0.99, -0.06, 0.67, -0.05, 0.28]], [[-0.70, 0.27, 0.74, 0.05, 0.48], [0.34, -0.87, 0.52, 0.18, -0.40], [-0.94, 0.73, -0.05, 0.44, 0.76]], [[0.43, 0.84, -0.21, 0.60, -0.11], [0.87, 0.76, -0.81, -0.73, -0.57], [0.93, -0.13, 0.25, -0.40, 0.01]], [[-0.23, -0.30, 0.17, 0.17, 0.81], [0.36, 0.86, 0.71, 0.98, 0.34], [-0.67, 0.72, 0.93, 0.81, 0.14]], [[0.43, -0.58, 0.66, 0.15, -0.43], [-0.87, 0.71, 0.98, -0.82, 0.60], [-0.18, -0.70, -0.41, 0.54, 0.75]]]> : tensor<5x3x5xf32>
    %b = tfc.constant dense<[[[-0.91, 0.23, -0.91, 0.44, -0.34, 0.76]], [[0.96, 0.01, 1.00, -0.38, -0.85, 0.20]], [[-0.94, -0.61, -0.18, 0.22, -0.69, -0.92]], [[0.74, -0.37, 0.92, 0.79, -0.24, -0.08]], [[0.04, 0.29, 0.19, 0.12, 0.24, 0.88]]]> : tensor<5x1x6xf32>
    %w = tfc.constant dense<[[0.01, -0.14], [0.44, -0.52], [-0.40, 0.96], [0.04, 0.10], [-0.98, -0.17], [0.16, -0.96], [0.23, 0.26], [-0.88, 0.25], [-0.07, 0.36], [-0.29, 0.41], [0.48, -0.96]]> : tensor<11x2xf32>
    %tb = tfc.tile %b multiples [1, 3, 1] : tensor<5x1x6xf32>
    %c = tfc.concat %a, %tb axis -1 : tensor<5x3x5xf32>, tensor<5x3x6xf32>
    %y = tfc.matmul %c, %w : tensor<5x3x11xf32>, tensor<11x2xf32>
    tfc.fetch %y : tensor<5x3x2xf32>
  }
  return %r : tensor<5x3x2xf32>
}
