// Stateless random numbers: Philox-4x32-10 bit for bit, and the
// distributions' statistics.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/librandom.so

// The raw words match an independent implementation (whose first block
// under seed [0, 0] is Random123's known answer 6627e8d5 e169c58d bc57ac4c
// 9b00dbd8), also for a negative seed, a second block and later calls.
// RUN: tfc run %t/librandom.so --fn known_answer | FileCheck %s --check-prefix=KAT
// KAT: output0 = i32[4] [1713891541 -513161843 -1135104948 -1694442536]
// RUN: %python %S/Inputs/philox_reference.py 123456789 -7 2 5 > %t/expected.txt
// RUN: tfc run %t/librandom.so --fn words | diff - %t/expected.txt
// RUN: tfc run %t/librandom.so --fn words --steps 3 | diff - %t/expected.txt
// RUN: %python %S/Inputs/philox_reference.py --i64 -3 99 5 > %t/expected64.txt
// RUN: tfc run %t/librandom.so --fn words64 | diff - %t/expected64.txt

// 10^5 samples: the uniform's mean is 0.5 and its range [-0.1, 0.1) holds;
// the normal's mean is 0 and its variance 1 (f32 and f64), and an f64
// uniform on [2, 4) has mean 3, within 5 standard errors.
// RUN: tfc run %t/librandom.so --fn statistics | FileCheck %s --check-prefix=STATS
// STATS: output0 = bool[] true
// STATS-NEXT: output1 = bool[] true
// STATS-NEXT: output2 = bool[] true
// STATS-NEXT: output3 = bool[] true
// STATS-NEXT: output4 = bool[] true
// STATS-NEXT: output5 = bool[] true
// STATS-NEXT: output6 = bool[] true

// truncated_normal, 10^5 samples: nothing beyond two standard deviations
// (f32 and f64, mean 3 for the latter); mean 0 and variance 0.7737 sigma^2
// (the normal's truncated at +-2) within 5 standard errors; and where the
// first draw is inside, the sample is random_normal's of the same seed.
// RUN: tfc run %t/librandom.so --fn truncated | FileCheck %s --check-prefix=TRUNC
// TRUNC: output0 = bool[] true
// TRUNC-NEXT: output1 = bool[] true
// TRUNC-NEXT: output2 = bool[] true
// TRUNC-NEXT: output3 = bool[] true
// TRUNC-NEXT: output4 = bool[] true

func.func @known_answer() -> tensor<4xi32> {
  %r = tfc.graph -> (tensor<4xi32>) {
    %w = tfc.random_uniform seed [0, 0] : tensor<4xi32>
    tfc.fetch %w : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}

func.func @words() -> tensor<2x5xi32> {
  %r = tfc.graph -> (tensor<2x5xi32>) {
    %w = tfc.random_uniform seed [123456789, -7] : tensor<2x5xi32>
    tfc.fetch %w : tensor<2x5xi32>
  }
  return %r : tensor<2x5xi32>
}

func.func @words64() -> tensor<5xi64> {
  %r = tfc.graph -> (tensor<5xi64>) {
    %w = tfc.random_uniform seed [-3, 99] : tensor<5xi64>
    tfc.fetch %w : tensor<5xi64>
  }
  return %r : tensor<5xi64>
}

func.func @statistics() -> (tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>) {
  %r:7 = tfc.graph -> (tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>) {
    %u = tfc.random_uniform seed [1, 2] : tensor<100000xf32>
    %um = tfc.reduce_mean %u : tensor<100000xf32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %ud = tfc.sub %um, %half : tensor<f32>, tensor<f32>
    %uad = tfc.abs %ud : tensor<f32>
    // The standard error of the mean is sqrt(1/12 / 1e5) = 9.1e-4.
    %ut = tfc.constant dense<4.6e-3> : tensor<f32>
    %uok = tfc.less %uad, %ut : tensor<f32>, tensor<f32>

    %w = tfc.random_uniform seed [3, 4] minval -0.1 maxval 0.1 : tensor<100000xf32>
    %wmin = tfc.reduce_min %w : tensor<100000xf32>
    %wmax = tfc.reduce_max %w : tensor<100000xf32>
    %lo = tfc.constant dense<-0.1> : tensor<f32>
    %hi = tfc.constant dense<0.1> : tensor<f32>
    %above = tfc.greater_equal %wmin, %lo : tensor<f32>, tensor<f32>
    %below = tfc.less %wmax, %hi : tensor<f32>, tensor<f32>
    %wok = tfc.logical_and %above, %below : tensor<i1>, tensor<i1>

    %n = tfc.random_normal seed [5, 6] : tensor<100000xf32>
    %nm = tfc.reduce_mean %n : tensor<100000xf32>
    %nam = tfc.abs %nm : tensor<f32>
    // sqrt(1 / 1e5) = 3.2e-3
    %nt = tfc.constant dense<1.6e-2> : tensor<f32>
    %nmok = tfc.less %nam, %nt : tensor<f32>, tensor<f32>
    %n2 = tfc.square %n : tensor<100000xf32>
    %nv = tfc.reduce_mean %n2 : tensor<100000xf32>
    %one = tfc.constant dense<1.0> : tensor<f32>
    %nvd = tfc.sub %nv, %one : tensor<f32>, tensor<f32>
    %nvad = tfc.abs %nvd : tensor<f32>
    // The variance's standard error is sqrt(2 / 1e5) = 4.5e-3.
    %vt = tfc.constant dense<2.3e-2> : tensor<f32>
    %nvok = tfc.less %nvad, %vt : tensor<f32>, tensor<f32>

    %d = tfc.random_normal seed [7, 8] mean 3.0 stddev 2.0 : tensor<100000xf64>
    %dm = tfc.reduce_mean %d : tensor<100000xf64>
    %three = tfc.constant dense<3.0> : tensor<f64>
    %dd = tfc.sub %dm, %three : tensor<f64>, tensor<f64>
    %dad = tfc.abs %dd : tensor<f64>
    %dt = tfc.constant dense<3.2e-2> : tensor<f64>
    %dmok = tfc.less %dad, %dt : tensor<f64>, tensor<f64>
    %dc = tfc.sub %d, %dm : tensor<100000xf64>, tensor<f64>
    %dc2 = tfc.square %dc : tensor<100000xf64>
    %dv = tfc.reduce_mean %dc2 : tensor<100000xf64>
    %four = tfc.constant dense<4.0> : tensor<f64>
    %dvd = tfc.sub %dv, %four : tensor<f64>, tensor<f64>
    %dvad = tfc.abs %dvd : tensor<f64>
    %dvt = tfc.constant dense<9.0e-2> : tensor<f64>
    %dvok = tfc.less %dvad, %dvt : tensor<f64>, tensor<f64>

    %e = tfc.random_uniform seed [9, 10] minval 2.0 maxval 4.0 : tensor<100000xf64>
    %em = tfc.reduce_mean %e : tensor<100000xf64>
    %emid = tfc.constant dense<3.0> : tensor<f64>
    %ed = tfc.sub %em, %emid : tensor<f64>, tensor<f64>
    %ead = tfc.abs %ed : tensor<f64>
    // 2 * sqrt(1/12 / 1e5) = 1.8e-3
    %et = tfc.constant dense<9.1e-3> : tensor<f64>
    %eok = tfc.less %ead, %et : tensor<f64>, tensor<f64>
    tfc.fetch %uok, %wok, %nmok, %nvok, %dmok, %dvok, %eok : tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>
}

func.func @truncated() -> (tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>) {
  %r:5 = tfc.graph -> (tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>) {
    %t = tfc.truncated_normal seed [5, 6] stddev 0.5 : tensor<100000xf32>
    %at = tfc.abs %t : tensor<100000xf32>
    %tmax = tfc.reduce_max %at : tensor<100000xf32>
    %two_sigma = tfc.constant dense<1.0> : tensor<f32>
    %inside = tfc.less_equal %tmax, %two_sigma : tensor<f32>, tensor<f32>

    %tm = tfc.reduce_mean %t : tensor<100000xf32>
    %tam = tfc.abs %tm : tensor<f32>
    // sqrt(0.7737 * 0.25 / 1e5) = 1.4e-3
    %mt = tfc.constant dense<7.0e-3> : tensor<f32>
    %meanok = tfc.less %tam, %mt : tensor<f32>, tensor<f32>
    %t2 = tfc.square %t : tensor<100000xf32>
    %tv = tfc.reduce_mean %t2 : tensor<100000xf32>
    %expected = tfc.constant dense<0.193433> : tensor<f32>
    %tvd = tfc.sub %tv, %expected : tensor<f32>, tensor<f32>
    %tvad = tfc.abs %tvd : tensor<f32>
    // E[z^4] = 1.4162, so sqrt((1.4162 - 0.7737^2) / 1e5) * 0.25 = 7.1e-4
    %vt = tfc.constant dense<3.6e-3> : tensor<f32>
    %varok = tfc.less %tvad, %vt : tensor<f32>, tensor<f32>

    %d = tfc.truncated_normal seed [7, 8] mean 3.0 : tensor<100000xf64>
    %three = tfc.constant dense<3.0> : tensor<f64>
    %dc = tfc.sub %d, %three : tensor<100000xf64>, tensor<f64>
    %dac = tfc.abs %dc : tensor<100000xf64>
    %dmax = tfc.reduce_max %dac : tensor<100000xf64>
    %two = tfc.constant dense<2.0> : tensor<f64>
    %dinside = tfc.less_equal %dmax, %two : tensor<f64>, tensor<f64>

    %n = tfc.random_normal seed [5, 6] stddev 0.5 : tensor<100000xf32>
    %an = tfc.abs %n : tensor<100000xf32>
    %first = tfc.less_equal %an, %two_sigma : tensor<100000xf32>, tensor<f32>
    %same = tfc.equal %t, %n : tensor<100000xf32>, tensor<100000xf32>
    %redrawn = tfc.logical_not %first : tensor<100000xi1>
    %agree = tfc.logical_or %redrawn, %same : tensor<100000xi1>, tensor<100000xi1>
    %sameok = tfc.reduce_all %agree : tensor<100000xi1>
    tfc.fetch %inside, %meanok, %varok, %dinside, %sameok : tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>
}
