package org.maat.core.shard;

import java.io.IOException;

/**
 * One shard of an index, searched for one session: in this process ({@link ShardService}) or over
 * HTTP ({@link ShardClient}); a front-end sees no difference.
 *
 * <p>Outcomes: the hits the shard's monitor released; {@link ShardRefusedException} if it refused;
 * {@link IllegalArgumentException} for a request the shard rejects; {@link IOException} when the
 * shard could not be reached or failed, the only case where another replica may be tried.
 */
@FunctionalInterface
public interface ShardSearcher {

    ShardResult search(ShardQuery query) throws IOException;
}
