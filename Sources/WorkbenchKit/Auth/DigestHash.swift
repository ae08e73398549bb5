import Foundation

/// MD5 (RFC 1321) and SHA-256 (FIPS 180-4), the hashes HTTP Digest authentication names (RFC 7616),
/// and SHA-1 (FIPS 180-4), which a WebSocket handshake's accept key is made with (RFC 6455),
/// written here: WorkbenchKit stays Foundation-only, and Foundation on Linux has no hash.
public enum DigestHash {
    /// The hash of `bytes` as lowercase hexadecimal, as Digest writes every hash.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
    }

    /// The message padded to a whole number of 64-byte blocks: a 1 bit, zeros, then its length in
    /// bits (little-endian for MD5, big-endian for SHA-256).
    private static func padded(_ bytes: [UInt8], bigEndianLength: Bool) -> [UInt8] {
        var message = bytes + [0x80]
        while message.count % 64 != 56 { message.append(0) }
        let bits = UInt64(bytes.count) &* 8
        let length = (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
        return message + (bigEndianLength ? length.reversed() : length)
    }

    public static func md5(_ bytes: [UInt8]) -> [UInt8] {
        let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
        // K[i] = floor(2^32 × |sin(i + 1)|), as RFC 1321 defines its table.
        let constants = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476]
        let message = padded(bytes, bigEndianLength: false)
        for block in stride(from: 0, to: message.count, by: 64) {
            let words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(message[block + index * 4 + $1]) << (8 * UInt32($1)) }
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            for round in 0..<64 {
                let (f, g): (UInt32, Int) = switch round / 16 {
                case 0: ((b & c) | (~b & d), round)
                case 1: ((d & b) | (~d & c), (5 * round + 1) % 16)
                case 2: (b ^ c ^ d, (3 * round + 5) % 16)
                default: (c ^ (b | ~d), (7 * round) % 16)
                }
                let sum = a &+ f &+ constants[round] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ ((sum << shifts[round]) | (sum >> (32 - shifts[round])))
            }
            state = [state[0] &+ a, state[1] &+ b, state[2] &+ c, state[3] &+ d]
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19]
        let message = padded(bytes, bigEndianLength: true)
        func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
        for block in stride(from: 0, to: message.count, by: 64) {
            var words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(message[block + index * 4 + $1]) }
            }
            for index in 16..<64 {
                let s0 = rotate(words[index - 15], 7) ^ rotate(words[index - 15], 18) ^ (words[index - 15] >> 3)
                let s1 = rotate(words[index - 2], 17) ^ rotate(words[index - 2], 19) ^ (words[index - 2] >> 10)
                words.append(words[index - 16] &+ s0 &+ words[index - 7] &+ s1)
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for index in 0..<64 {
                let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ sha256Constants[index] &+ words[index]
                let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            state = zip(state, [a, b, c, d, e, f, g, h]).map { $0 &+ $1 }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    public static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let message = padded(bytes, bigEndianLength: true)
        func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value << count) | (value >> (32 - count)) }
        for block in stride(from: 0, to: message.count, by: 64) {
            var words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(message[block + index * 4 + $1]) }
            }
            for index in 16..<80 { words.append(rotate(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)) }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch index / 20 {
                case 0: ((b & c) | (~b & d), 0x5A82_7999)
                case 1: (b ^ c ^ d, 0x6ED9_EBA1)
                case 2: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, rotate(a, 5) &+ f &+ e &+ k &+ words[index])
            }
            state = zip(state, [a, b, c, d, e]).map { $0 &+ $1 }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let sha256Constants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]
}
