package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The read's check against one of two values stored under a name: what passes and what fails, by the answers. */
class CommittedPutsTest {

    private static final Set<Integer> FIRST = Set.of(2, 3);
    private static final Set<Integer> SECOND = Set.of(1, 4);

    @Test
    void onePutOnServersThatAgreePasses() {
        CommittedPuts answers = new CommittedPuts();
        answers.committed(2, "aaaa");
        answers.committed(3, "aaaa");
        answers.recorded(2, FIRST);
        answers.recorded(3, FIRST);
        assertThatCode(() -> answers.requireOneValue("b/master", "b", new ServerProblems())).doesNotThrowAnyException();
    }

    @Test
    void twoPutsOfOneDecidingServerAreOrderedAndPass() {
        CommittedPuts answers = new CommittedPuts();
        answers.committed(1, "new");
        answers.committed(2, "new");
        answers.committed(3, "old"); // restored from a backup
        for (int id = 1; id <= 3; id++) {
            answers.recorded(id, Set.of(1, 2, 3));
        }
        assertThatCode(() -> answers.requireOneValue("b/master", "b", new ServerProblems())).doesNotThrowAnyException();
    }

    @Test
    void twoPutsOnServersRecordingOtherServersFail() {
        CommittedPuts answers = new CommittedPuts();
        answers.committed(1, "bobs");
        answers.committed(2, "alices");
        answers.committed(3, "alices");
        answers.recorded(1, SECOND);
        answers.recorded(2, FIRST);
        answers.recorded(3, FIRST);
        assertThatThrownBy(() -> answers.requireOneValue("b/master", "b", new ServerProblems()))
                .isInstanceOf(ConflictingValuesException.class)
                .hasMessageContaining("two values are stored under this name")
                .hasMessageContaining("put bobs on servers 1 (recording the collection's servers as [1, 4])")
                .hasMessageContaining("put alices on servers 2, 3")
                .hasMessageContaining("delete it and put it again");
    }

    @Test
    void aHolderThatDoesNotSayItsServersFailsTwoPuts() {
        CommittedPuts answers = new CommittedPuts();
        answers.committed(1, "bobs");
        answers.committed(2, "alices");
        answers.recorded(2, FIRST);
        assertThatThrownBy(() -> answers.requireOneValue("b/master", "b", new ServerProblems()))
                .isInstanceOf(ConflictingValuesException.class);
    }

    @Test
    void aServerRecordingOtherServersThatCouldNotBeReadFailsOnePut() {
        CommittedPuts answers = new CommittedPuts();
        answers.committed(2, "alices");
        answers.committed(3, "alices");
        answers.recorded(2, FIRST);
        answers.recorded(3, FIRST);
        answers.recorded(4, SECOND); // it refused the read: it may hold bob's put
        assertThatThrownBy(() -> answers.requireOneValue("b/master", "b", new ServerProblems()))
                .isInstanceOf(ConflictingValuesException.class)
                .hasMessageContaining("server 4 records collection b with other servers ([1, 4]) and could not be read");
    }

    @Test
    void aServerRecordingOtherServersWithoutTheNamePasses() {
        CommittedPuts answers = new CommittedPuts();
        answers.committed(2, "alices");
        answers.committed(3, "alices");
        answers.recorded(2, FIRST);
        answers.recorded(3, FIRST);
        answers.recorded(4, SECOND);
        answers.absent(4);
        assertThatCode(() -> answers.requireOneValue("b/master", "b", new ServerProblems())).doesNotThrowAnyException();
    }

    @Test
    void noCommittedShareReturnsNothingAndPasses() {
        CommittedPuts answers = new CommittedPuts();
        answers.recorded(2, FIRST);
        answers.recorded(4, SECOND);
        assertThatCode(() -> answers.requireOneValue("b/master", "b", new ServerProblems())).doesNotThrowAnyException();
    }
}
