package org.maat.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.server.Topology;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A real browser: Debian's headless Chromium, driven by Selenium through Debian's chromedriver (never
 * downloaded: both paths are given, so Selenium Manager does not run), signs in as an owner, a friend and
 * a stranger of a friends-only document, searches for it and opens it; and a user deletes their account
 * and restores it through the account pages. Screenshots go to
 * {@code target/screenshots/}. {@code bin/maat test} installs {@code chromium} and {@code chromium-driver}.
 */
class BrowserIT {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    static Path dir;
    static ServedSite site;
    static WebDriver browser;
    static Path screenshots;

    @BeforeAll
    static void start() throws IOException {
        assertThat(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER))
                .as("the browser test needs Debian's chromium and chromium-driver ('bin/maat test' installs them): "
                        + CHROMIUM + ", " + CHROMEDRIVER).isTrue();
        site = ServedSite.start(dir, Topology.parse("2servers"), c -> c);
        Path target = Path.of("target");
        screenshots = Files.createDirectories(target.resolve("screenshots"));
        Path profile = Files.createTempDirectory(Files.createDirectories(target.resolve("chromium")), "profile-");
        System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, CHROMEDRIVER.toString());
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1200,900", "--user-data-dir=" + profile.toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString())).usingAnyFreePort().build();
        try {
            browser = new ChromeDriver(service, options);
        } catch (RuntimeException e) {
            site.close();
            throw e;
        }
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            if (browser != null) {
                browser.quit();
            }
        } finally {
            if (site != null) {
                site.close();
            }
        }
    }

    /**
     * Clicks {@code link} and waits until the browser has left the current page: until then, an
     * element of the old page (e.g. the previous search's result count) would still be found and
     * then go stale under the test. The old page is recognised by a mark set on its window object,
     * which the next page does not have; asking for it mid-navigation can fail in several ways
     * (stale element, "node does not belong to the document", no execution context), so a failed
     * probe is simply retried.
     */
    private static void clickAndLeavePage(WebElement link) {
        JavascriptExecutor page = (JavascriptExecutor) browser;
        page.executeScript("window.maatOldPage = true;");
        link.click();
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            try {
                Object state = page.executeScript(
                        "return window.maatOldPage === true ? 'old' : document.readyState;");
                if ("complete".equals(state)) {
                    return;
                }
            } catch (WebDriverException midNavigation) {
                // the probe raced the navigation; ask again
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the click did not leave " + browser.getCurrentUrl());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted");
            }
        }
    }

    /** The first element {@code by} finds once the page that holds it has loaded (a click's page load may lag). */
    private static WebElement await(By by) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            List<WebElement> found = browser.findElements(by);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + by + " on " + browser.getCurrentUrl() + ":\n" + browser.getPageSource());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted");
            }
        }
    }

    private static void signIn(String user) {
        browser.manage().deleteAllCookies();
        browser.get(site.url().resolve("login").toString());
        browser.findElement(By.id("user")).sendKeys(user);
        browser.findElement(By.id("password")).sendKeys(site.password(user));
        clickAndLeavePage(browser.findElement(By.id("login")));
        assertThat(await(By.id("signed-in")).getText()).isEqualTo(user);
    }

    private static List<String> search(String query) {
        WebElement box = browser.findElement(By.id("q"));
        box.clear();
        box.sendKeys(query);
        clickAndLeavePage(browser.findElement(By.id("search")));
        assertThat(await(By.id("count")).getText()).endsWith("for " + query);
        return browser.findElements(By.className("hit")).stream().map(h -> h.getAttribute("data-id")).toList();
    }

    private static void screenshot(String name) throws IOException {
        byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Files.write(screenshots.resolve(name + ".png"), png);
    }

    private static void signOut() {
        clickAndLeavePage(browser.findElement(By.id("logout")));
        await(By.id("password"));
        assertThat(browser.findElements(By.id("signed-in"))).isEmpty();
    }

    @Test
    void ownerFriendAndStrangerSeeWhatTheyMayInARealBrowser() throws IOException {
        Conduit doc = site.documents("friends", c -> site.friendOf(c.owner()) != null
                && !site.blocked("r0", c.id())).get(0);
        String word = ServedSite.word(doc.id());

        signIn(doc.owner());
        assertThat(search(word)).containsExactly(doc.id());
        screenshot("owner-search");
        clickAndLeavePage(browser.findElement(By.cssSelector(".hit a.title")));
        assertThat(await(By.id("doc-id")).getText()).isEqualTo(doc.id());
        assertThat(browser.findElement(By.id("body")).getText()).contains(word);
        screenshot("owner-document");
        signOut();

        signIn(site.friendOf(doc.owner()));
        assertThat(search(word)).containsExactly(doc.id());
        assertThat(search("parliament")).isNotEmpty();
        screenshot("friend-search");
        signOut();

        signIn(site.stranger(doc.owner()));
        assertThat(search(word)).isEmpty();
        assertThat(browser.findElement(By.id("count")).getText()).startsWith("0 result(s)");
        screenshot("stranger-search");
        browser.get(site.url().resolve("doc?id=" + doc.id()).toString());
        assertThat(await(By.tagName("h1")).getText()).isEqualTo("Error 403");
        assertThat(browser.getPageSource()).doesNotContain(word);
        screenshot("stranger-refused");
        signOut();
    }

    private static List<String> shownIds() {
        return browser.findElements(By.className("hit")).stream().map(h -> h.getAttribute("data-id")).toList();
    }

    private static List<String> texts(By by) {
        return browser.findElements(by).stream().map(WebElement::getText).toList();
    }

    @Test
    void resultsAreMarkedAndPagedAndDocumentsExplainTheirAccessInTheDom() throws IOException {
        Conduit doc = site.documents("friends", c -> site.friendOf(c.owner()) != null
                && !site.blocked("r0", c.id())).get(0);
        String friend = site.friendOf(doc.owner());

        signIn(friend);
        List<String> first = search("parliament budget");
        String count = browser.findElement(By.id("count")).getText();
        assertThat(first).hasSize(10);
        assertThat(texts(By.cssSelector(".hit .snippet mark"))).isNotEmpty()
                .allSatisfy(m -> assertThat(m.toLowerCase()).isIn("parliament", "budget"));
        assertThat(browser.getPageSource()).doesNotContain("score");
        assertThat(browser.findElements(By.id("previous"))).isEmpty();
        screenshot("search-page");

        clickAndLeavePage(browser.findElement(By.id("next")));
        List<String> second = shownIds();
        assertThat(second).isNotEmpty().doesNotContainAnyElementsOf(first);
        assertThat(await(By.id("count")).getText()).isEqualTo(count);
        assertThat(browser.findElement(By.cssSelector(".hit")).getAttribute("data-rank")).isEqualTo("11");
        int total = Integer.parseInt(count.substring(0, count.indexOf(' ')));
        assertThat(second).hasSize(Math.min(10, total - 10));
        clickAndLeavePage(browser.findElement(By.id("previous")));
        assertThat(shownIds()).isEqualTo(first);

        // A friend's view: the rule and the fact that allowed the read; nothing about who else may read.
        browser.get(site.url().resolve("doc?id=" + doc.id()).toString());
        assertThat(await(By.id("owner")).getText()).isEqualTo(doc.owner());
        assertThat(browser.findElement(By.id("template")).getText()).startsWith("friends");
        assertThat(browser.findElement(By.id("why-rule")).getText()).contains("friend(this.owner, K)");
        assertThat(texts(By.cssSelector("#why-literals li")))
                .contains("friend(this.owner=\"" + doc.owner() + "\", K=\"" + friend + "\")");
        assertThat(browser.findElements(By.id("readers"))).isEmpty();
        screenshot("document-why");
        signOut();

        // The owner's view: who can read it, in words.
        signIn(doc.owner());
        browser.get(site.url().resolve("doc?id=" + doc.id()).toString());
        assertThat(await(By.id("readers-list")).findElements(By.tagName("li")).stream().map(WebElement::getText))
                .contains("the owner, " + doc.owner())
                .anySatisfy(l -> assertThat(l).startsWith("friends of " + doc.owner()).contains(friend));
        screenshot("document-owner");
        signOut();
    }

    private static String askWhyNot(String id) {
        browser.get(site.url().resolve("why-not").toString());
        await(By.id("doc")).sendKeys(id);
        clickAndLeavePage(browser.findElement(By.id("explain")));
        return browser.getCurrentUrl();
    }

    @Test
    void whyNotExplainsToTheOwnerAndRefusesEveryoneElseAlike() throws IOException {
        Conduit hidden = site.documents("private", c -> !site.blocked("r0", c.id())).get(0);

        signIn(hidden.owner());
        askWhyNot(hidden.id());
        assertThat(await(By.id("why-rule")).getText()).contains("sKeyIs(this.owner)");
        // private+mal+censorship: the owner, employees under the access log, and the regions that block it.
        assertThat(texts(By.cssSelector("#readers-list li"))).startsWith("the owner, " + hidden.owner())
                .anySatisfy(l -> assertThat(l).contains("mandatory access log"))
                .last().asString().startsWith("except sessions in");
        screenshot("why-not-owner");
        signOut();

        signIn(site.stranger(hidden.owner()));
        askWhyNot(hidden.id());
        String refusedExisting = await(By.id("refusal")).getText();
        assertThat(browser.findElements(By.id("why"))).isEmpty();
        screenshot("why-not-refused");
        askWhyNot("d990000");
        assertThat(await(By.id("refusal")).getText()).isEqualTo(refusedExisting)
                .startsWith("Maat explains access to a document only to its owner");
        signOut();
    }

    @Test
    void userDeletesTheirAccountAndRestoresItWithTheReceiptAndRecoveryPhrase() throws IOException {
        Conduit shared = site.documents("friends", c -> site.friendOf(c.owner()) != null
                && !site.blocked("r0", c.id())).get(0);
        List<String> others = List.of(shared.owner(), site.friendOf(shared.owner()), site.stranger(shared.owner()));
        Conduit doc = site.documents("public", c -> !site.blocked("r0", c.id()) && !others.contains(c.owner())
                && !c.owner().startsWith("e")).get(0);
        String owner = doc.owner();
        String word = ServedSite.word(doc.id());

        signIn(owner);
        assertThat(search(word)).containsExactly(doc.id());
        clickAndLeavePage(browser.findElement(By.id("account-link")));
        clickAndLeavePage(await(By.id("create-key")));
        String phrase = await(By.id("recovery-phrase")).getText();
        assertThat(phrase).matches("([A-Z0-9]{4}-){7}[A-Z0-9]{4}");
        assertThat(browser.findElement(By.id("key-download")).getAttribute("href")).startsWith("data:text/plain");
        screenshot("account-key");

        browser.get(site.url().resolve("account").toString());
        clickAndLeavePage(await(By.id("delete-link")));
        await(By.id("password")).sendKeys("not the password");
        clickAndLeavePage(browser.findElement(By.id("confirm")));
        assertThat(await(By.id("message")).getText()).contains("wrong password");
        browser.get(site.url().resolve("account/delete").toString());
        await(By.id("password")).sendKeys(site.password(owner));
        clickAndLeavePage(browser.findElement(By.id("confirm")));
        assertThat(await(By.id("done")).getText()).isEqualTo("Your account is deleted");
        String receipt = browser.findElement(By.id("receipt")).getAttribute("value");
        assertThat(receipt).contains("maat-loc1.");
        assertThat(browser.findElement(By.id("receipt-download")).getAttribute("href")).startsWith("data:application/json");
        assertThat(browser.findElements(By.id("signed-in"))).as("signed out").isEmpty();
        screenshot("account-deleted");

        browser.get(site.url().resolve("login").toString());
        await(By.id("user")).sendKeys(owner);
        browser.findElement(By.id("password")).sendKeys(site.password(owner));
        clickAndLeavePage(browser.findElement(By.id("login")));
        assertThat(await(By.id("message")).getText()).isEqualTo("Unknown user or wrong password.");

        clickAndLeavePage(await(By.id("restore-link")));
        ((JavascriptExecutor) browser).executeScript("document.getElementById('receipt').value = arguments[0];", receipt);
        browser.findElement(By.id("key")).sendKeys(phrase.toLowerCase());
        clickAndLeavePage(browser.findElement(By.id("restore")));
        assertThat(await(By.id("restored-title")).getText()).isEqualTo("Restored: " + owner);
        screenshot("account-restored");

        browser.get(site.url().resolve("restore").toString());
        ((JavascriptExecutor) browser).executeScript("document.getElementById('receipt').value = arguments[0];", receipt);
        await(By.id("key")).sendKeys(phrase);
        clickAndLeavePage(browser.findElement(By.id("restore")));
        assertThat(await(By.tagName("h1")).getText()).as("a receipt restores once").isEqualTo("Error 403");

        signIn(owner);
        // The shard servers search the restored document once they find its publication (a few 50-250 ms
        // rechecks, AccountDisguiseHttpIT.SHARD_FOLLOWS).
        long deadline = System.nanoTime() + AccountDisguiseHttpIT.SHARD_FOLLOWS.toNanos();
        while (search(word).isEmpty() && System.nanoTime() < deadline) {
            // each search is a page load: no sleep needed between them
        }
        assertThat(search(word)).containsExactly(doc.id());
        signOut();
    }
}
