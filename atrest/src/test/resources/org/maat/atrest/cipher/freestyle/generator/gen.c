/* Generates Freestyle test vectors with the reference implementation (arun-babu/freestyle @ 4435eae).
 * arc4random is replaced by a seeded xorshift generator whose every arc4random_uniform(bound) draw is
 * logged, so a re-implementation can replay the same random choices and must produce identical output. */
#include "freestyle.h"

static uint64_t s = 88172645463325252ULL;
static uint32_t draws[100000][2];
static int ndraws = 0;
static int logging = 0;

static uint32_t next32(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (uint32_t) (s >> 32); }
uint32_t arc4random(void) { return next32(); }
uint32_t arc4random_uniform(uint32_t bound) {
	uint32_t v = next32() % bound;
	if (logging) { draws[ndraws][0] = bound; draws[ndraws][1] = v; ndraws++; }
	return v;
}

static void hex(const char *name, const u8 *b, size_t n) {
	printf(" %s=", name);
	for (size_t i = 0; i < n; ++i) printf("%02x", b[i]);
}

static void one(const char *cfg, u8 min, u8 max, u8 pre, u8 pepper_bits, u8 init_hashes, u32 len) {
	u8 key[32], iv[12];
	u8 *plain = malloc(len + 1), *cipher = malloc(len + 1), *back = malloc(len + 1);
	u8 hashes[len / 64 + 2];
	for (int i = 0; i < 32; ++i) key[i] = (u8) next32();
	for (int i = 0; i < 12; ++i) iv[i] = (u8) next32();
	for (u32 i = 0; i < len; ++i) plain[i] = (u8) next32();
	freestyle_ctx e, d;
	ndraws = 0; logging = 1;
	freestyle_init_encrypt(&e, key, 256, iv, min, max, pre, pepper_bits, init_hashes);
	freestyle_encrypt(&e, plain, cipher, len, hashes);
	logging = 0;
	assert(freestyle_init_decrypt(&d, key, 256, iv, min, max, pre, pepper_bits, init_hashes, e.init_hash));
	assert(0 == freestyle_decrypt(&d, cipher, back, len, hashes));
	assert(0 == memcmp(plain, back, len));
	printf("%s min=%u max=%u pre=%u pepperbits=%u inithashes=%u drawnpepper=%u", cfg, min, max, pre, pepper_bits,
		init_hashes, e.pepper);
	hex("key", key, 32); hex("iv", iv, 12);
	printf(" draws=");
	for (int i = 0; i < ndraws; ++i) printf("%s%u:%u", i ? "," : "", draws[i][0], draws[i][1]);
	hex("init", e.init_hash, init_hashes);
	hex("hashes", hashes, (len + 63) / 64);
	hex("plain", plain, len); hex("cipher", cipher, len);
	printf("\n");
	free(plain); free(cipher); free(back);
}

int main(void) {
	static const u32 lens[] = {0, 1, 63, 64, 65, 127, 300, 1000, 4096};
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; ++i) {
		/* The three SwitchCrypt configurations (min, max, pepper bits), 4 precomputed rounds, 28 init hashes. */
		one("fast", 8, 20, 4, 8, 28, lens[i]);
		one("balanced", 12, 28, 4, 10, 28, lens[i]);
		one("strong", 20, 36, 4, 12, 28, lens[i]);
		/* The reference's own test parameters (test-functionality.c). */
		one("reference", 8, 32, 4, 16, 7, lens[i]);
	}
	return 0;
}
