package org.maat.erp;

import java.util.List;

/**
 * The fixed part of the Oracle HR sample data: its regions, countries, locations, jobs (with their
 * salary ranges), department names, plus the name lists the generator draws employees from.
 */
final class HrReference {

    private HrReference() {
    }

    record Region(int id, String name) {
    }

    record Country(String id, String name, int regionId, String dialCode) {
    }

    record Location(int id, String street, String postalCode, String city, String stateProvince, String countryId) {
    }

    /** A job and the department (index into {@link #DEPARTMENT_NAMES}) its holders usually work in. */
    record Job(String id, String title, int minSalary, int maxSalary, int departmentKind, int weight) {
    }

    /** Oracle's department with its location id. */
    record DepartmentKind(String name, int locationId) {
    }

    static final List<Region> REGIONS = List.of(
            new Region(1, "Europe"), new Region(2, "Americas"), new Region(3, "Asia"),
            new Region(4, "Middle East and Africa"));

    static final List<Country> COUNTRIES = List.of(
            new Country("AR", "Argentina", 2, "54"), new Country("AU", "Australia", 3, "61"),
            new Country("BE", "Belgium", 1, "32"), new Country("BR", "Brazil", 2, "55"),
            new Country("CA", "Canada", 2, "1"), new Country("CH", "Switzerland", 1, "41"),
            new Country("CN", "China", 3, "86"), new Country("DE", "Germany", 1, "49"),
            new Country("DK", "Denmark", 1, "45"), new Country("EG", "Egypt", 4, "20"),
            new Country("FR", "France", 1, "33"), new Country("IL", "Israel", 4, "972"),
            new Country("IN", "India", 3, "91"), new Country("IT", "Italy", 1, "39"),
            new Country("JP", "Japan", 3, "81"), new Country("KW", "Kuwait", 4, "965"),
            new Country("ML", "Malaysia", 3, "60"), new Country("MX", "Mexico", 2, "52"),
            new Country("NG", "Nigeria", 4, "234"), new Country("NL", "Netherlands", 1, "31"),
            new Country("SG", "Singapore", 3, "65"), new Country("UK", "United Kingdom", 1, "44"),
            new Country("US", "United States of America", 2, "1"), new Country("ZM", "Zambia", 4, "260"),
            new Country("ZW", "Zimbabwe", 4, "263"));

    static final List<Location> LOCATIONS = List.of(
            new Location(1000, "1297 Via Cola di Rie", "00989", "Roma", null, "IT"),
            new Location(1100, "93091 Calle della Testa", "10934", "Venice", null, "IT"),
            new Location(1200, "2017 Shinjuku-ku", "1689", "Tokyo", "Tokyo Prefecture", "JP"),
            new Location(1300, "9450 Kamiya-cho", "6823", "Hiroshima", null, "JP"),
            new Location(1400, "2014 Jabberwocky Rd", "26192", "Southlake", "Texas", "US"),
            new Location(1500, "2011 Interiors Blvd", "99236", "South San Francisco", "California", "US"),
            new Location(1600, "2007 Zagora St", "50090", "South Brunswick", "New Jersey", "US"),
            new Location(1700, "2004 Charade Rd", "98199", "Seattle", "Washington", "US"),
            new Location(1800, "147 Spadina Ave", "M5V 2L7", "Toronto", "Ontario", "CA"),
            new Location(1900, "6092 Boxwood St", "YSW 9T2", "Whitehorse", "Yukon", "CA"),
            new Location(2000, "40-5-12 Laogianggen", "190518", "Beijing", null, "CN"),
            new Location(2100, "1298 Vileparle (E)", "490231", "Bombay", "Maharashtra", "IN"),
            new Location(2200, "12-98 Victoria Street", "2901", "Sydney", "New South Wales", "AU"),
            new Location(2300, "198 Clementi North", "540198", "Singapore", null, "SG"),
            new Location(2400, "8204 Arthur St", null, "London", null, "UK"),
            new Location(2500, "Magdalen Centre, The Oxford Science Park", "OX9 9ZB", "Oxford", "Oxford", "UK"),
            new Location(2600, "9702 Chester Road", "09629850293", "Stretford", "Manchester", "UK"),
            new Location(2700, "Schwanthalerstr. 7031", "80925", "Munich", "Bavaria", "DE"),
            new Location(2800, "Rua Frei Caneca 1360 ", "01307-002", "Sao Paulo", "Sao Paulo", "BR"),
            new Location(2900, "20 Rue des Corps-Saints", "1730", "Geneva", "Geneve", "CH"),
            new Location(3000, "Murtenstrasse 921", "3095", "Bern", "BE", "CH"),
            new Location(3100, "Pieter Breughelstraat 837", "3029SK", "Utrecht", "Utrecht", "NL"),
            new Location(3200, "Mariano Escobedo 9991", "11932", "Mexico City", "Distrito Federal,", "MX"));

    /** Oracle's 27 departments (ids 10, 20, ..., 270) and their locations. */
    static final List<DepartmentKind> DEPARTMENT_KINDS = List.of(
            new DepartmentKind("Administration", 1700), new DepartmentKind("Marketing", 1800),
            new DepartmentKind("Purchasing", 1700), new DepartmentKind("Human Resources", 2400),
            new DepartmentKind("Shipping", 1500), new DepartmentKind("IT", 1400),
            new DepartmentKind("Public Relations", 2700), new DepartmentKind("Sales", 2500),
            new DepartmentKind("Executive", 1700), new DepartmentKind("Finance", 1700),
            new DepartmentKind("Accounting", 1700), new DepartmentKind("Treasury", 1700),
            new DepartmentKind("Corporate Tax", 1700), new DepartmentKind("Control And Credit", 1700),
            new DepartmentKind("Shareholder Services", 1700), new DepartmentKind("Benefits", 1700),
            new DepartmentKind("Manufacturing", 1700), new DepartmentKind("Construction", 1700),
            new DepartmentKind("Contracting", 1700), new DepartmentKind("Operations", 1700),
            new DepartmentKind("IT Support", 1700), new DepartmentKind("NOC", 1700),
            new DepartmentKind("IT Helpdesk", 1700), new DepartmentKind("Government Sales", 1700),
            new DepartmentKind("Retail Sales", 1700), new DepartmentKind("Recruiting", 1700),
            new DepartmentKind("Payroll", 1700));

    /** Oracle's 19 jobs; weights give the share of generated employees (the president is employee 100 alone). */
    static final List<Job> JOBS = List.of(
            new Job("AD_PRES", "President", 20080, 40000, 8, 0),
            new Job("AD_VP", "Administration Vice President", 15000, 30000, 8, 1),
            new Job("AD_ASST", "Administration Assistant", 3000, 6000, 0, 3),
            new Job("FI_MGR", "Finance Manager", 8200, 16000, 9, 1),
            new Job("FI_ACCOUNT", "Accountant", 4200, 9000, 9, 6),
            new Job("AC_MGR", "Accounting Manager", 8200, 16000, 10, 1),
            new Job("AC_ACCOUNT", "Public Accountant", 4200, 9000, 10, 4),
            new Job("SA_MAN", "Sales Manager", 10000, 20080, 7, 3),
            new Job("SA_REP", "Sales Representative", 6000, 12008, 7, 20),
            new Job("PU_MAN", "Purchasing Manager", 8000, 15000, 2, 1),
            new Job("PU_CLERK", "Purchasing Clerk", 2500, 5500, 2, 6),
            new Job("ST_MAN", "Stock Manager", 5500, 8500, 4, 3),
            new Job("ST_CLERK", "Stock Clerk", 2008, 5000, 4, 18),
            new Job("SH_CLERK", "Shipping Clerk", 2500, 5500, 4, 14),
            new Job("IT_PROG", "Programmer", 4000, 10000, 5, 10),
            new Job("MK_MAN", "Marketing Manager", 9000, 15000, 1, 1),
            new Job("MK_REP", "Marketing Representative", 4000, 9000, 1, 3),
            new Job("HR_REP", "Human Resources Representative", 4000, 9000, 3, 3),
            new Job("PR_REP", "Public Relations Representative", 4500, 10500, 6, 2));

    static final List<String> FIRST_NAMES = List.of(
            "Steven", "Neena", "Lex", "Alexander", "Bruce", "David", "Valli", "Diana", "Nancy", "Daniel",
            "John", "Ismael", "Jose Manuel", "Luis", "Den", "Alexander", "Shelli", "Sigal", "Guy", "Karen",
            "Matthew", "Adam", "Payam", "Shanta", "Kevin", "Julia", "Irene", "James", "Jason", "Michael",
            "Ki", "Hazel", "Renske", "Stephen", "Laura", "Mozhe", "Trenna", "Curtis", "Randall", "Peter",
            "Karen", "Alberto", "Gerald", "Eleni", "Christopher", "Nanette", "Oliver", "Janette", "Patrick",
            "Allan", "Lindsey", "Louise", "Sarath", "Clara", "Danielle", "Mattea", "David", "Sundar", "Amit",
            "Lisa", "Harrison", "Tayler", "William", "Elizabeth", "Sundita", "Ellen", "Alyssa", "Jonathon",
            "Jack", "Kimberely", "Charles", "Winston", "Jean", "Martha", "Girard", "Nandita", "Alexis",
            "Julia", "Anthony", "Kelly", "Jennifer", "Timothy", "Randall", "Sarah", "Britney", "Samuel",
            "Vance", "Alana", "Kevin", "Donald", "Douglas", "Pat", "Susan", "Hermann", "Shelley", "Beatrice",
            "Amelia", "Olivia", "Isabella", "Sophia", "Charlotte", "Mia", "Harper", "Evelyn", "Abigail",
            "Emily", "Madison", "Scarlett", "Victoria", "Aria", "Grace", "Chloe", "Camila", "Penelope",
            "Riley", "Layla", "Lillian", "Nora", "Zoey", "Mila", "Aubrey", "Hannah", "Lily", "Addison",
            "Eleanor", "Natalie", "Luna", "Savannah", "Brooklyn", "Leah", "Zoe", "Stella", "Hazel", "Ellie",
            "Paisley", "Audrey", "Skylar", "Violet", "Claire", "Bella", "Aurora", "Lucy", "Anna", "Samantha",
            "Caroline", "Genesis", "Aaliyah", "Kennedy", "Kinsley", "Allison", "Maya", "Madelyn", "Adeline",
            "Liam", "Noah", "Ethan", "Mason", "Logan", "Lucas", "Jackson", "Aiden", "Oliver", "Jacob",
            "Elijah", "Benjamin", "Carter", "Sebastian", "Gabriel", "Wyatt", "Owen", "Dylan", "Luke",
            "Henry", "Isaac", "Nathan", "Caleb", "Ryan", "Hunter", "Christian", "Landon", "Jonathan",
            "Levi", "Jaxon", "Julian", "Isaiah", "Eli", "Aaron", "Charles", "Connor", "Cameron", "Thomas",
            "Jordan", "Jeremiah", "Nicholas", "Evan", "Adrian", "Colton", "Dominic", "Austin", "Angel",
            "Josiah", "Brandon", "Ayden", "Kevin", "Zachary", "Parker", "Blake", "Jose", "Chase", "Grayson");

    static final List<String> LAST_NAMES = List.of(
            "King", "Kochhar", "De Haan", "Hunold", "Ernst", "Austin", "Pataballa", "Lorentz", "Greenberg",
            "Faviet", "Chen", "Sciarra", "Urman", "Popp", "Raphaely", "Khoo", "Baida", "Tobias", "Himuro",
            "Colmenares", "Weiss", "Fripp", "Kaufling", "Vollman", "Mourgos", "Nayer", "Mikkilineni",
            "Landry", "Markle", "Bissot", "Atkinson", "Marlow", "Olson", "Mallin", "Rogers", "Gee", "Philtanker",
            "Ladwig", "Stiles", "Seo", "Patel", "Rajs", "Davies", "Matos", "Vargas", "Russell", "Partners",
            "Errazuriz", "Cambrault", "Zlotkey", "Tucker", "Bernstein", "Hall", "Olsen", "Tuvault", "Smith",
            "Doran", "Sewall", "Vishney", "Greene", "Marvins", "Lee", "Ande", "Banda", "Ozer", "Bloom", "Fox",
            "Johnson", "Taylor", "Livingston", "Grant", "Baer", "Higgins", "Gietz", "Sarchand", "Bull",
            "Dellinger", "Cabrio", "Dilly", "Gates", "Perkins", "Bell", "Everett", "McCain", "Jones",
            "Walsh", "Feeney", "OConnell", "Whalen", "Hartstein", "Mavris", "Williams", "Brown", "Miller",
            "Wilson", "Moore", "Anderson", "Thomas", "Jackson", "White", "Harris", "Martin", "Thompson",
            "Garcia", "Martinez", "Robinson", "Clark", "Rodriguez", "Lewis", "Walker", "Young", "Allen",
            "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker",
            "Campbell", "Mitchell", "Carter", "Roberts", "Gomez", "Phillips", "Evans", "Turner", "Diaz",
            "Parker", "Cruz", "Edwards", "Collins", "Reyes", "Stewart", "Morris", "Morales", "Murphy", "Cook",
            "Morgan", "Peterson", "Cooper", "Ramirez", "Kelly", "Howard", "Ward", "Richardson", "Watson",
            "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes", "Price",
            "Alvarez", "Castillo", "Sanders", "Myers", "Long", "Ross", "Foster", "Jimenez", "Powell",
            "Jenkins", "Perry", "Sullivan", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo",
            "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "Mancini", "Costa", "Giordano", "Rizzo",
            "Lombardi", "Moretti", "Tanaka", "Suzuki", "Takahashi", "Watanabe", "Yamamoto", "Nakamura",
            "Kobayashi", "Yoshida", "Yamada", "Sasaki", "Mueller", "Schmidt", "Schneider", "Fischer",
            "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Dubois", "Lefebvre", "Moreau");
}
