// RUN: tfc-opt %s --tfc-tile-and-fuse='target=avx512 fuse-producers=false' | FileCheck %s

// Unfused, every op of a softmax is a root of its own: four loop nests over
// blocks of rows, each writing a whole intermediate tensor (the maxima, the
// exponentials, the sums) that the next one reads; only the fill of an op's
// own output goes into its loops. Each is still stepped 64 elements at a
// time inside a row.
// CHECK-LABEL: func.func @softmax
// CHECK: %[[MAX:.*]] = scf.forall (%{{.*}}) = (0) to (4096) step (64) {{.*}} -> (tensor<4096xf32>)
// CHECK:   linalg.fill
// CHECK:   scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:     arith.maximumf
// CHECK-NOT: math.exp
// CHECK: scf.forall.in_parallel
// CHECK: %[[EXP:.*]] = scf.forall (%{{.*}}) = (0) to (4096) step (64) {{.*}} -> (tensor<4096x1024xf32>)
// CHECK:   tensor.extract_slice %[[MAX]]
// CHECK:   scf.for {{.*}} -> (tensor<1x1024xf32>)
// CHECK:     math.exp
// CHECK-NOT: arith.addf
// CHECK: scf.forall.in_parallel
// CHECK: %[[SUM:.*]] = scf.forall (%{{.*}}) = (0) to (4096) step (64) {{.*}} -> (tensor<4096xf32>)
// CHECK:   tensor.extract_slice %[[EXP]]
// CHECK:   scf.for {{.*}} -> (tensor<1x64xf32>)
// CHECK:     arith.addf
// CHECK-NOT: arith.divf
// CHECK: scf.forall.in_parallel
// CHECK: %[[Y:.*]] = scf.forall (%{{.*}}) = (0) to (4096) step (64) {{.*}} -> (tensor<4096x1024xf32>)
// CHECK-DAG:   tensor.extract_slice %[[EXP]]
// CHECK-DAG:   tensor.extract_slice %[[SUM]]
// CHECK:   scf.for {{.*}} -> (tensor<1x1024xf32>)
// CHECK:     arith.divf
// CHECK: return %[[Y]]
func.func @softmax(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4096xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  %max = linalg.reduce ins(%x : tensor<4096x1024xf32>) outs(%f1 : tensor<4096xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e2 = tensor.empty() : tensor<4096x1024xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<4096x1024xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x1024xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<4096x1024xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  %sum = linalg.reduce ins(%exp : tensor<4096x1024xf32>) outs(%f2 : tensor<4096xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<4096x1024xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x1024xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<4096x1024xf32>
  return %y : tensor<4096x1024xf32>
}
