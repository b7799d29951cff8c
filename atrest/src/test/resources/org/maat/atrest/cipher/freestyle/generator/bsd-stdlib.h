/* Stand-in for libbsd's header: deterministic, logged arc4random for vector generation only. */
#include <stdint.h>
uint32_t arc4random(void);
uint32_t arc4random_uniform(uint32_t upper_bound);
