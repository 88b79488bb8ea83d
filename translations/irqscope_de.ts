<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CompareHeadline</name>
    <message>
        <source>%1× lower</source>
        <translation>%1× niedriger</translation>
    </message>
    <message>
        <source>%1× higher</source>
        <translation>%1× höher</translation>
    </message>
    <message>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>from zero</source>
        <translation>von null</translation>
    </message>
    <message>
        <source>%1, better</source>
        <translation>%1, besser</translation>
    </message>
    <message>
        <source>%1, worse</source>
        <translation>%1, schlechter</translation>
    </message>
    <message>
        <source>%1, %2: %3 → %4 (%5)</source>
        <translation>%1, %2: %3 → %4 (%5)</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>both runs are imported captures</source>
        <translation>beide Läufe sind importierte Aufzeichnungen</translation>
    </message>
    <message>
        <source>%1 is an imported capture, %2 a simulation</source>
        <translation>%1 ist eine importierte Aufzeichnung, %2 eine Simulation</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>&lt;b&gt;What differs:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Was sich unterscheidet:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;What differs:&lt;/b&gt; no setting (the same scenario run twice)</source>
        <translation>&lt;b&gt;Was sich unterscheidet:&lt;/b&gt; keine Einstellung (dasselbe Szenario zweimal ausgeführt)</translation>
    </message>
    <message>
        <source>No metric changed by 10 % or more.</source>
        <translation>Keine Kennzahl hat sich um 10 % oder mehr verändert.</translation>
    </message>
    <message>
        <source>Largest changes:</source>
        <translation>Größte Änderungen:</translation>
    </message>
    <message>
        <source>The runs last differently long: counts are compared as rates per second.</source>
        <translation>Die Läufe dauern verschieden lang: Anzahlen werden als Raten pro Sekunde verglichen.</translation>
    </message>
</context>
<context>
    <name>FigureOptions</name>
    <message>
        <source>Paper: 17 × 9.5 cm, 8.5 pt, 300 dpi</source>
        <translation>Papier: 17 × 9,5 cm, 8,5 pt, 300 dpi</translation>
    </message>
    <message>
        <source>Slide: 16:9, 18 pt, 1920 × 1080</source>
        <translation>Folie: 16:9, 18 pt, 1920 × 1080</translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>Eigene Größe</translation>
    </message>
    <message>
        <source>%1 unset</source>
        <translation>%1 nicht gesetzt</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>+%n weitere</numerusform>
            <numerusform>+%n weitere</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ItemText</name>
    <message>
        <source>interrupt</source>
        <translation>Interrupt</translation>
    </message>
    <message>
        <source>softirq vector</source>
        <translation>softirq-Vektor</translation>
    </message>
    <message>
        <source>tasklet</source>
        <translation>tasklet</translation>
    </message>
    <message>
        <source>task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>entity</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>work item</source>
        <translation>Work-Item</translation>
    </message>
    <message>
        <source>handler</source>
        <translation>Handler</translation>
    </message>
    <message>
        <source>detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation>%1 auf %2 bei %3</translation>
    </message>
    <message>
        <source>where</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>caused by</source>
        <translation>ausgelöst durch</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>lane</source>
        <translation>Spur</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>time (ns)</source>
        <translation>Zeit (ns)</translation>
    </message>
    <message>
        <source>context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>nesting depth</source>
        <translation>Verschachtelungstiefe</translation>
    </message>
    <message>
        <source>%1 (%2 ns)</source>
        <translation>%1 (%2 ns)</translation>
    </message>
    <message>
        <source>end</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>Caused by (nearest first)</source>
        <translation>Ausgelöst durch (nächste Ursache zuerst)</translation>
    </message>
    <message>
        <source>Led to</source>
        <translation>Führte zu</translation>
    </message>
    <message>
        <source>No recorded cause or effect.</source>
        <translation>Keine aufgezeichnete Ursache oder Wirkung.</translation>
    </message>
</context>
<context>
    <name>MetricsDelta</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /s</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>Messpunkte</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>p%1</source>
        <translation>p%1</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>IRQs aus</translation>
    </message>
    <message>
        <source>context switches</source>
        <translation>Kontextwechsel</translation>
    </message>
    <message>
        <source>interrupts</source>
        <translation>Interrupts</translation>
    </message>
    <message>
        <source>total</source>
        <translation>gesamt</translation>
    </message>
    <message>
        <source>%1 on CPU %2</source>
        <translation>%1 auf CPU %2</translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation>Latenz: %1</translation>
    </message>
    <message>
        <source>samples per second</source>
        <translation>Messpunkte pro Sekunde</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>CPU time (share of all CPUs)</source>
        <translation>CPU-Zeit (Anteil aller CPUs)</translation>
    </message>
    <message>
        <source>Events per second</source>
        <translation>Ereignisse pro Sekunde</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Warnings per second</source>
        <translation>Warnungen pro Sekunde</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <source>user task</source>
        <translation>Benutzer-Task</translation>
    </message>
    <message>
        <source>other kthread</source>
        <translation>andere kthread</translation>
    </message>
    <message>
        <source>ksoftirqd</source>
        <translation>ksoftirqd</translation>
    </message>
    <message>
        <source>kworker</source>
        <translation>kworker</translation>
    </message>
    <message>
        <source>irq thread</source>
        <translation>IRQ-Thread</translation>
    </message>
    <message>
        <source>softirq</source>
        <translation>softirq</translation>
    </message>
    <message>
        <source>tasklet</source>
        <translation>tasklet</translation>
    </message>
    <message>
        <source>hardirq</source>
        <translation>hardirq</translation>
    </message>
    <message>
        <source>NMI</source>
        <translation>NMI</translation>
    </message>
    <message>
        <source>line pending</source>
        <translation>Leitung pending</translation>
    </message>
    <message>
        <source>line active</source>
        <translation>Leitung active</translation>
    </message>
    <message>
        <source>line active+pending</source>
        <translation>Leitung active+pending</translation>
    </message>
    <message>
        <source>line masked</source>
        <translation>Leitung maskiert</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>IRQ raised</source>
        <translation>IRQ ausgelöst</translation>
    </message>
    <message>
        <source>acknowledge</source>
        <translation>Bestätigung (ack)</translation>
    </message>
    <message>
        <source>priority drop</source>
        <translation>Priority Drop</translation>
    </message>
    <message>
        <source>deactivate</source>
        <translation>Deaktivierung</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>maskieren</translation>
    </message>
    <message>
        <source>unmask</source>
        <translation>demaskieren</translation>
    </message>
    <message>
        <source>softirq raised</source>
        <translation>softirq ausgelöst</translation>
    </message>
    <message>
        <source>tasklet scheduled</source>
        <translation>tasklet eingeplant</translation>
    </message>
    <message>
        <source>work queued</source>
        <translation>Work eingereiht</translation>
    </message>
    <message>
        <source>wake-up</source>
        <translation>Aufwecken</translation>
    </message>
    <message>
        <source>IPI</source>
        <translation>IPI</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>raised softirq</source>
        <translation>löste softirq aus</translation>
    </message>
    <message>
        <source>scheduled tasklet</source>
        <translation>plante tasklet ein</translation>
    </message>
    <message>
        <source>woke IRQ thread</source>
        <translation>weckte IRQ-Thread</translation>
    </message>
    <message>
        <source>queued work</source>
        <translation>reihte Work ein</translation>
    </message>
    <message>
        <source>woke task</source>
        <translation>weckte Task</translation>
    </message>
    <message>
        <source>sent IPI</source>
        <translation>sendete IPI</translation>
    </message>
    <message>
        <source>caused</source>
        <translation>löste aus</translation>
    </message>
</context>
<context>
    <name>PartEditor</name>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>The line&apos;s name in /proc/interrupts and the trace; its IRQ thread is irq/&lt;intid&gt;-&lt;name&gt;</source>
        <translation>Name der Leitung in /proc/interrupts und im Trace; ihr IRQ-Thread heißt irq/&lt;intid&gt;-&lt;name&gt;</translation>
    </message>
    <message>
        <source>line</source>
        <translation>Leitung</translation>
    </message>
    <message>
        <source>spi: a wired interrupt; lpi: through the ITS; msi: a PCI MSI (an LPI on GICv3)</source>
        <translation>spi: ein verdrahteter Interrupt; lpi: über den ITS; msi: ein PCI-MSI (ein LPI auf GICv3)</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPUs</translation>
    </message>
    <message>
        <source>The line&apos;s affinity: CPU numbers (&quot;1&quot; or &quot;0, 2&quot;); the GIC delivers to the lowest. Empty: all CPUs</source>
        <translation>Affinität der Leitung: CPU-Nummern (&quot;1&quot; oder &quot;0, 2&quot;); der GIC stellt an die niedrigste zu. Leer: alle CPUs</translation>
    </message>
    <message>
        <source>all CPUs</source>
        <translation>alle CPUs</translation>
    </message>
    <message>
        <source>arrival</source>
        <translation>Ankunft</translation>
    </message>
    <message>
        <source>rate (Hz)</source>
        <translation>Rate (Hz)</translation>
    </message>
    <message>
        <source>Interrupts per second of the Poisson arrivals</source>
        <translation>Interrupts pro Sekunde der Poisson-Ankünfte</translation>
    </message>
    <message>
        <source>period</source>
        <translation>Periode</translation>
    </message>
    <message>
        <source>Time between two interrupts (&quot;333us&quot;), or {&quot;period&quot;, &quot;start&quot;}</source>
        <translation>Zeit zwischen zwei Interrupts (&quot;333us&quot;) oder {&quot;period&quot;, &quot;start&quot;}</translation>
    </message>
    <message>
        <source>handler cost</source>
        <translation>Handler-Kosten</translation>
    </message>
    <message>
        <source>The primary handler&apos;s own work in hardirq context: a duration (&quot;3us&quot;) or a distribution ({&quot;uniform&quot;: [&quot;1us&quot;, &quot;3us&quot;]})</source>
        <translation>Eigene Arbeit des primären Handlers im Hardirq-Kontext: eine Dauer (&quot;3us&quot;) oder eine Verteilung ({&quot;uniform&quot;: [&quot;1us&quot;, &quot;3us&quot;]})</translation>
    </message>
    <message>
        <source>none: only a thread step (ONESHOT)</source>
        <translation>keiner: nur ein Thread-Schritt (ONESHOT)</translation>
    </message>
    <message>
        <source>then</source>
        <translation>danach</translation>
    </message>
    <message>
        <source>The thread&apos;s name (comm) in the trace</source>
        <translation>Name des Threads (comm) im Trace</translation>
    </message>
    <message>
        <source>policy</source>
        <translation>Policy</translation>
    </message>
    <message>
        <source>The scheduling policy (SCHED_OTHER, BATCH, IDLE, FIFO, RR, DEADLINE)</source>
        <translation>Die Scheduling-Policy (SCHED_OTHER, BATCH, IDLE, FIFO, RR, DEADLINE)</translation>
    </message>
    <message>
        <source>priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>The RT priority, 1–99; fifo and rr only</source>
        <translation>Die RT-Priorität, 1–99; nur fifo und rr</translation>
    </message>
    <message>
        <source>%1 (fifo, rr)</source>
        <translation>%1 (fifo, rr)</translation>
    </message>
    <message>
        <source>nice</source>
        <translation>nice</translation>
    </message>
    <message>
        <source>The nice value, −20–19; other, batch and idle only</source>
        <translation>Der nice-Wert, −20–19; nur other, batch und idle</translation>
    </message>
    <message>
        <source>%1 (other, batch, idle)</source>
        <translation>%1 (other, batch, idle)</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>Deadline</translation>
    </message>
    <message>
        <source>deadline only: {&quot;runtime&quot;: &quot;2ms&quot;, &quot;deadline&quot;: &quot;10ms&quot;, &quot;period&quot;: &quot;10ms&quot;}</source>
        <translation>nur deadline: {&quot;runtime&quot;: &quot;2ms&quot;, &quot;deadline&quot;: &quot;10ms&quot;, &quot;period&quot;: &quot;10ms&quot;}</translation>
    </message>
    <message>
        <source>deadline policy only</source>
        <translation>nur Policy deadline</translation>
    </message>
    <message>
        <source>The task&apos;s affinity: CPU numbers (&quot;1&quot; or &quot;0, 2&quot;). Empty: all CPUs</source>
        <translation>Affinität des Tasks: CPU-Nummern (&quot;1&quot; oder &quot;0, 2&quot;). Leer: alle CPUs</translation>
    </message>
    <message>
        <source>instances</source>
        <translation>Instanzen</translation>
    </message>
    <message>
        <source>That many threads, named name-0, name-1, …</source>
        <translation>So viele Threads, benannt name-0, name-1, …</translation>
    </message>
    <message>
        <source>loop</source>
        <translation>Schleife</translation>
    </message>
    <message>
        <source>How many times the phases run; −1: until the run ends</source>
        <translation>Wie oft die Phasen laufen; −1: bis zum Ende des Laufs</translation>
    </message>
    <message>
        <source>%1 (forever)</source>
        <translation>%1 (immer)</translation>
    </message>
    <message>
        <source>delay</source>
        <translation>Verzögerung</translation>
    </message>
    <message>
        <source>The task sleeps this long before its first phase</source>
        <translation>So lange schläft der Task vor seiner ersten Phase</translation>
    </message>
    <message>
        <source>phases</source>
        <translation>Phasen</translation>
    </message>
    <message>
        <source>rt-app-style phases: {&quot;loop&quot;: n, &quot;events&quot;: [{&quot;run&quot;: &quot;50us&quot;}, {&quot;sleep&quot;: &quot;1ms&quot;}, …]}</source>
        <translation>Phasen wie in rt-app: {&quot;loop&quot;: n, &quot;events&quot;: [{&quot;run&quot;: &quot;50us&quot;}, {&quot;sleep&quot;: &quot;1ms&quot;}, …]}</translation>
    </message>
    <message>
        <source>events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>The events of the task&apos;s one phase: run, runtime, sleep, timer, lock, unlock, wait, signal, suspend, resume, barrier, yield, syscall, submit, queue_work</source>
        <translation>Die Ereignisse der einzigen Phase des Tasks: run, runtime, sleep, timer, lock, unlock, wait, signal, suspend, resume, barrier, yield, syscall, submit, queue_work</translation>
    </message>
    <message>
        <source>The workqueue&apos;s name (alloc_workqueue()&apos;s fmt)</source>
        <translation>Name der Workqueue (fmt von alloc_workqueue())</translation>
    </message>
    <message>
        <source>unbound</source>
        <translation>ungebunden</translation>
    </message>
    <message>
        <source>WQ_UNBOUND: the unbound pool, no concurrency management</source>
        <translation>WQ_UNBOUND: der ungebundene Pool, ohne Nebenläufigkeitsverwaltung</translation>
    </message>
    <message>
        <source>highpri</source>
        <translation>hohe Priorität</translation>
    </message>
    <message>
        <source>WQ_HIGHPRI: the nice −20 worker pools</source>
        <translation>WQ_HIGHPRI: die Worker-Pools mit nice −20</translation>
    </message>
    <message>
        <source>ordered</source>
        <translation>geordnet</translation>
    </message>
    <message>
        <source>alloc_ordered_workqueue(): one item at a time, in queue order</source>
        <translation>alloc_ordered_workqueue(): ein Eintrag nach dem anderen, in Reihenfolge</translation>
    </message>
    <message>
        <source>rt</source>
        <translation>rt</translation>
    </message>
    <message>
        <source>WQ_RT (the seed proposal, not in mainline): SCHED_FIFO workers</source>
        <translation>WQ_RT (der Vorschlag des Seeds, nicht im Mainline-Kernel): SCHED_FIFO-Worker</translation>
    </message>
    <message>
        <source>max_active</source>
        <translation>max_active</translation>
    </message>
    <message>
        <source>Items active at once (0: the default, 256; at most 512)</source>
        <translation>Gleichzeitig aktive Einträge (0: Vorgabe, 256; höchstens 512)</translation>
    </message>
    <message>
        <source>The name the tasks&apos; events use</source>
        <translation>Der Name, den die Ereignisse der Tasks verwenden</translation>
    </message>
    <message>
        <source>type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>A pthread mutex, condition variable, rt-app barrier or struct completion</source>
        <translation>Ein pthread-Mutex, eine Bedingungsvariable, eine rt-app-Barriere oder eine struct completion</translation>
    </message>
    <message>
        <source>priority inheritance</source>
        <translation>Prioritätsvererbung</translation>
    </message>
    <message>
        <source>mutex only: a PI futex (rt_mutex), the owner runs at its top waiter&apos;s priority</source>
        <translation>nur Mutex: ein PI-Futex (rt_mutex), der Besitzer läuft mit der Priorität seines wichtigsten Wartenden</translation>
    </message>
    <message>
        <source>The latency series&apos; name in the run&apos;s metrics</source>
        <translation>Name der Latenzreihe in den Metriken des Laufs</translation>
    </message>
    <message>
        <source>wake-up of task</source>
        <translation>Aufwecken des Tasks</translation>
    </message>
    <message>
        <source>From try_to_wake_up() of this task to the switch that runs it</source>
        <translation>Von try_to_wake_up() dieses Tasks bis zum Wechsel, der ihn laufen lässt</translation>
    </message>
    <message>
        <source>IRQ to thread of</source>
        <translation>IRQ bis Thread von</translation>
    </message>
    <message>
        <source>From this source&apos;s interrupt to its IRQ thread starting</source>
        <translation>Vom Interrupt dieser Quelle bis zum Start ihres IRQ-Threads</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>The source whose step is measured from raise to run</source>
        <translation>Die Quelle, deren Schritt vom Auslösen bis zum Laufen gemessen wird</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>A step kind (softirq, tasklet, thread, queue_work) or a path (then[0].then[1])</source>
        <translation>Eine Schrittart (softirq, tasklet, thread, queue_work) oder ein Pfad (then[0].then[1])</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>kein gültiges JSON: %1</translation>
    </message>
    <message>
        <source>When the device interrupts; its fields below. Other forms (a periodic start, an empirical histogram) in the part&apos;s JSON</source>
        <translation>Wann das Gerät unterbricht; seine Felder darunter. Andere Formen (ein periodischer Start, ein empirisches Histogramm) im JSON des Teils</translation>
    </message>
    <message>
        <source>burst count</source>
        <translation>Burst-Anzahl</translation>
    </message>
    <message>
        <source>Interrupts in one burst</source>
        <translation>Interrupts in einem Burst</translation>
    </message>
    <message>
        <source>burst gap</source>
        <translation>Burst-Abstand</translation>
    </message>
    <message>
        <source>Time between the interrupts of a burst</source>
        <translation>Zeit zwischen den Interrupts eines Bursts</translation>
    </message>
    <message>
        <source>burst every</source>
        <translation>Burst alle</translation>
    </message>
    <message>
        <source>Time from one burst&apos;s start to the next&apos;s</source>
        <translation>Zeit vom Start eines Bursts bis zum Start des nächsten</translation>
    </message>
    <message>
        <source>first burst</source>
        <translation>erster Burst</translation>
    </message>
    <message>
        <source>When the first burst starts</source>
        <translation>Wann der erste Burst beginnt</translation>
    </message>
    <message>
        <source>one period</source>
        <translation>eine Periode</translation>
    </message>
    <message>
        <source>gaps</source>
        <translation>Abstände</translation>
    </message>
    <message>
        <source>Each gap to the next interrupt drawn from this cost: a duration or a distribution ({&quot;uniform&quot;: [&quot;500us&quot;, &quot;1500us&quot;]})</source>
        <translation>Jeder Abstand zum nächsten Interrupt aus diesen Kosten gezogen: eine Dauer oder eine Verteilung ({&quot;uniform&quot;: [&quot;500us&quot;, &quot;1500us&quot;]})</translation>
    </message>
    <message>
        <source>gap deck</source>
        <translation>Abstandsstapel</translation>
    </message>
    <message>
        <source>[[gap, count], …]: every gap its count of times per cycle, in a random order</source>
        <translation>[[Abstand, Anzahl], …]: jeder Abstand so oft wie seine Anzahl je Zyklus, in zufälliger Reihenfolge</translation>
    </message>
    <message>
        <source>timestamps file</source>
        <translation>Zeitstempel-Datei</translation>
    </message>
    <message>
        <source>One time a line (&quot;120us&quot;), relative to the scenario file&apos;s folder</source>
        <translation>Eine Zeit pro Zeile (&quot;120us&quot;), relativ zum Ordner der Szenariodatei</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>From a task&apos;s submit to the interrupt: a duration or a distribution</source>
        <translation>Vom submit eines Tasks bis zum Interrupt: eine Dauer oder eine Verteilung</translation>
    </message>
    <message>
        <source>What the handler does next, in order: softirq, tasklet, thread, napi, queue_work, wake, complete steps, each with its cost and then</source>
        <translation>Was der Handler danach tut, der Reihe nach: softirq-, tasklet-, thread-, napi-, queue_work-, wake-, complete-Schritte, jeder mit cost und then</translation>
    </message>
    <message>
        <source>The instance&apos;s name: its lines, threads and series are named after it; a task&apos;s submit names it</source>
        <translation>Der Name der Instanz: ihre Leitungen, Threads und Reihen heißen danach; das submit eines Tasks nennt ihn</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>nvme: NVMe controller behind an SMMU; i915: GPU execlists; panthor: GPU fed by the DRM scheduler; gic_bench: the GIC benchmark&apos;s SPI</source>
        <translation>nvme: NVMe-Controller hinter einer SMMU; i915: GPU-Execlists; panthor: GPU, gespeist vom DRM-Scheduler; gic_bench: der SPI des GIC-Benchmarks</translation>
    </message>
    <message>
        <source>queues</source>
        <translation>Queues</translation>
    </message>
    <message>
        <source>Completion queues, one MSI-X vector each (1–256)</source>
        <translation>Completion-Queues, je ein MSI-X-Vektor (1–256)</translation>
    </message>
    <message>
        <source>completion</source>
        <translation>Completion</translation>
    </message>
    <message>
        <source>nvme_irq() in hardirq, or its threaded form</source>
        <translation>nvme_irq() im hardirq oder seine Thread-Form</translation>
    </message>
    <message>
        <source>service time</source>
        <translation>Bedienzeit</translation>
    </message>
    <message>
        <source>The controller&apos;s time for one read</source>
        <translation>Die Zeit des Controllers für einen Lesezugriff</translation>
    </message>
    <message>
        <source>IOMMU</source>
        <translation>IOMMU</translation>
    </message>
    <message>
        <source>The SMMU&apos;s unmap: off, strict (TLBI and CMD_SYNC per unmap) or lazy</source>
        <translation>Das Unmap der SMMU: off, strict (TLBI und CMD_SYNC je Unmap) oder lazy</translation>
    </message>
    <message>
        <source>fio jobs</source>
        <translation>fio-Jobs</translation>
    </message>
    <message>
        <source>fio-like jobs keeping the controller busy</source>
        <translation>fio-artige Jobs, die den Controller beschäftigen</translation>
    </message>
    <message>
        <source>engines</source>
        <translation>Engines</translation>
    </message>
    <message>
        <source>Execlists engines behind the one GT interrupt (1–16)</source>
        <translation>Execlists-Engines hinter dem einen GT-Interrupt (1–16)</translation>
    </message>
    <message>
        <source>bottom half</source>
        <translation>Bottom Half</translation>
    </message>
    <message>
        <source>Where the CSB entries are processed: hardirq, HI tasklet or kthread</source>
        <translation>Wo die CSB-Einträge verarbeitet werden: hardirq, HI-Tasklet oder kthread</translation>
    </message>
    <message>
        <source>submitters</source>
        <translation>Submitter</translation>
    </message>
    <message>
        <source>gem_exec_nop-like submitter tasks of the instance</source>
        <translation>gem_exec_nop-artige Submitter-Tasks der Instanz</translation>
    </message>
    <message>
        <source>GPU job time</source>
        <translation>GPU-Jobzeit</translation>
    </message>
    <message>
        <source>How long the GPU runs one job</source>
        <translation>Wie lange die GPU einen Job ausführt</translation>
    </message>
    <message>
        <source>submit workqueue</source>
        <translation>Submit-Workqueue</translation>
    </message>
    <message>
        <source>The run_job workqueue: the ordinary one, WQ_HIGHPRI or WQ_RT</source>
        <translation>Die run_job-Workqueue: die gewöhnliche, WQ_HIGHPRI oder WQ_RT</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Where the SPI is routed</source>
        <translation>Wohin der SPI geleitet wird</translation>
    </message>
    <message>
        <source>The handler&apos;s work before complete()</source>
        <translation>Die Arbeit des Handlers vor complete()</translation>
    </message>
    <message>
        <source>INTID</source>
        <translation>INTID</translation>
    </message>
    <message>
        <source>spi only: the SPI the device is wired to (32–1019), as the board wires it</source>
        <translation>nur spi: der SPI, an den das Gerät verdrahtet ist (32–1019), wie die Platine ihn verdrahtet</translation>
    </message>
    <message>
        <source>the next free SPI from 96</source>
        <translation>der nächste freie SPI ab 96</translation>
    </message>
    <message>
        <source>random stream</source>
        <translation>Zufallsstrom</translation>
    </message>
    <message>
        <source>The random stream the arrivals draw from; net: the built-in card&apos;s packets</source>
        <translation>Der Zufallsstrom, aus dem die Ankünfte gezogen werden; net: die Pakete der eingebauten Karte</translation>
    </message>
    <message>
        <source>the source&apos;s own</source>
        <translation>der eigene der Quelle</translation>
    </message>
    <message>
        <source>The source whose arrivals (a packet, an interrupt) are followed to the task</source>
        <translation>Die Quelle, deren Ankünfte (ein Paket, ein Interrupt) bis zum Task verfolgt werden</translation>
    </message>
    <message>
        <source>task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>The task that waits for the source&apos;s completion; its next run ends the sample</source>
        <translation>Der Task, der auf die Completion der Quelle wartet; sein nächstes run beendet die Messung</translation>
    </message>
    <message>
        <source>group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>The CFS task group (a cpu cgroup or an autogroup) by name; other, batch and idle only. Its weight or nice in the part&apos;s JSON</source>
        <translation>Die CFS-Taskgruppe (eine cpu-cgroup oder eine Autogroup) mit Namen; nur other, batch und idle. Ihr weight oder nice im JSON des Teils</translation>
    </message>
    <message>
        <source>none: the root group</source>
        <translation>keine: die Wurzelgruppe</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <source>unsupported image type &apos;%1&apos; (use .png, .svg or .pdf)</source>
        <translation>nicht unterstützter Bildtyp „%1“ (.png, .svg oder .pdf verwenden)</translation>
    </message>
    <message>
        <source>nothing to export</source>
        <translation>nichts zu exportieren</translation>
    </message>
    <message>
        <source>could not encode the PNG image</source>
        <translation>das PNG-Bild konnte nicht kodiert werden</translation>
    </message>
    <message>
        <source>Exported from IRQ Scope</source>
        <translation>Exportiert aus IRQ Scope</translation>
    </message>
</context>
<context>
    <name>ScenarioDiff</name>
    <message>
        <source>no change</source>
        <translation>keine Änderung</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>+%n weitere</numerusform>
            <numerusform>+%n weitere</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SchemaGroup</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>Softirq</source>
        <translation>Softirq</translation>
    </message>
    <message>
        <source>Workqueues</source>
        <translation>Workqueues</translation>
    </message>
    <message>
        <source>Watchdogs</source>
        <translation>Watchdogs</translation>
    </message>
    <message>
        <source>Kernel costs</source>
        <translation>Kernel-Kosten</translation>
    </message>
    <message>
        <source>Interrupt controller</source>
        <translation>Interrupt-Controller</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>Lasten</translation>
    </message>
    <message>
        <source>IRQ benchmark</source>
        <translation>IRQ-Benchmark</translation>
    </message>
    <message>
        <source>DRM scheduler</source>
        <translation>DRM-Scheduler</translation>
    </message>
    <message>
        <source>GPU (i915 execlists)</source>
        <translation>GPU (i915-Execlists)</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>IOMMU</source>
        <translation>IOMMU</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>not an IRQ Scope session (no &quot;format&quot;)</source>
        <translation>keine IRQ-Scope-Sitzung (kein „format“)</translation>
    </message>
    <message>
        <source>session format %1 is not supported (this version reads %2)</source>
        <translation>Sitzungsformat %1 wird nicht unterstützt (diese Version liest %2)</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>panel: %1</source>
        <translation>Szenario-Bereich: %1</translation>
    </message>
    <message>
        <source>malformed session: %1</source>
        <translation>fehlerhafte Sitzung: %1</translation>
    </message>
    <message>
        <source>%1 is not JSON</source>
        <translation>%1 ist kein JSON</translation>
    </message>
</context>
<context>
    <name>SettingsReader</name>
    <message>
        <source>%1 (expected %2)</source>
        <translation>%1 (erwartet: %2)</translation>
    </message>
    <message>
        <source>true or false, found &apos;%1&apos;</source>
        <translation>true oder false, gefunden: „%1“</translation>
    </message>
    <message>
        <source>a text</source>
        <translation>ein Text</translation>
    </message>
    <message>
        <source>a list of texts</source>
        <translation>eine Liste von Texten</translation>
    </message>
    <message>
        <source>saved binary data</source>
        <translation>gespeicherte Binärdaten</translation>
    </message>
    <message>
        <source>Ignored bad settings: %1</source>
        <translation>Fehlerhafte Einstellungen ignoriert: %1</translation>
    </message>
</context>
<context>
    <name>TimeFormat</name>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>ns</source>
        <translation>ns</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>TimelinePlot</name>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>IRQs aus</translation>
    </message>
</context>
<context>
    <name>TwinPairView</name>
    <message>
        <source>Time split per context, CPU %1</source>
        <translation>Zeitanteile je Kontext, CPU %1</translation>
    </message>
    <message>
        <source>IRQ rate per line</source>
        <translation>IRQ-Rate je Leitung</translation>
    </message>
    <message>
        <source>Softirq raise → entry</source>
        <translation>Softirq Auslösen → Eintritt</translation>
    </message>
    <message>
        <source>Workqueue queue → start</source>
        <translation>Workqueue Einreihen → Start</translation>
    </message>
    <message>
        <source>Wake-up latency per task</source>
        <translation>Aufweck-Latenz je Task</translation>
    </message>
    <message>
        <source>rt-app wu_lat per task</source>
        <translation>rt-app wu_lat je Task</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>&lt;b&gt;Capture&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Twin&lt;/b&gt; %2 — targets met &lt;b&gt;%3 of %4&lt;/b&gt; (docs/twin.md)</source>
        <translation>&lt;b&gt;Aufzeichnung&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Zwilling&lt;/b&gt; %2 — Ziele erreicht: &lt;b&gt;%3 von %4&lt;/b&gt; (docs/twin.md)</translation>
    </message>
    <message>
        <source>%1 capture %2, twin %3 (target %4)</source>
        <translation>%1 Aufzeichnung %2, Zwilling %3 (Ziel %4)</translation>
    </message>
    <message>
        <source>Worst misses: %1</source>
        <translation>Größte Abweichungen: %1</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Twin changed&lt;/b&gt;: %1. Predicted, twin as fitted → changed: %2</source>
        <translation>&lt;b&gt;Zwilling geändert&lt;/b&gt;: %1. Vorhersage, Zwilling wie angepasst → geändert: %2</translation>
    </message>
    <message>
        <source>no knob differs</source>
        <translation>kein Parameter unterscheidet sich</translation>
    </message>
    <message>
        <source>no metric moves</source>
        <translation>keine Messgröße ändert sich</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Messgröße</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <source>Twin as fitted</source>
        <translation>Zwilling wie angepasst</translation>
    </message>
    <message>
        <source>Twin</source>
        <translation>Zwilling</translation>
    </message>
    <message>
        <source>Twin changed</source>
        <translation>Zwilling geändert</translation>
    </message>
    <message>
        <source>Changed − fitted</source>
        <translation>Geändert − angepasst</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>How far the twin is from the capture, in units of the target&apos;s tolerance: up to 1× meets it.</source>
        <translation>Wie weit der Zwilling von der Aufzeichnung abweicht, in Einheiten der Toleranz des Ziels: bis 1× ist es erreicht.</translation>
    </message>
    <message>
        <source>%1 · met</source>
        <translation>%1 · erreicht</translation>
    </message>
    <message>
        <source>%1 · %2×</source>
        <translation>%1 · %2×</translation>
    </message>
</context>
<context>
    <name>irqscope::app::Autosave</name>
    <message>
        <source>Autosave is off: cannot open %1: %2</source>
        <translation>Automatisches Speichern ist aus: %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Autosave is off in this window: another IRQ Scope window is running and autosaves its own edits.</source>
        <translation>Automatisches Speichern ist in diesem Fenster aus: ein anderes IRQ-Scope-Fenster läuft und sichert seine eigenen Änderungen.</translation>
    </message>
    <message>
        <source>Autosave is off: cannot lock %1: %2</source>
        <translation>Automatisches Speichern ist aus: %1 kann nicht gesperrt werden: %2</translation>
    </message>
    <message>
        <source>Autosave is off: cannot write %1: %2</source>
        <translation>Automatisches Speichern ist aus: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Autosave failed: %1: %2</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1: %2</translation>
    </message>
    <message>
        <source>Restore unsaved scenario?</source>
        <translation>Ungesichertes Szenario wiederherstellen?</translation>
    </message>
    <message>
        <source>IRQ Scope did not exit cleanly last time. Restore the scenario you were editing?</source>
        <translation>IRQ Scope wurde beim letzten Mal nicht sauber beendet. Das zuletzt bearbeitete Szenario wiederherstellen?</translation>
    </message>
    <message>
        <source>An unsaved scenario from an unclean exit was not restored (it stays in %1 until the next edit).</source>
        <translation>Ein ungesichertes Szenario aus einem nicht sauber beendeten Programmlauf wurde nicht wiederhergestellt (es bleibt bis zur nächsten Änderung in %1).</translation>
    </message>
    <message>
        <source>The autosaved scenario could not be restored: %1</source>
        <translation>Das automatisch gesicherte Szenario konnte nicht wiederhergestellt werden: %1</translation>
    </message>
    <message>
        <source>Restored the scenario autosaved before the last unclean exit.</source>
        <translation>Das vor dem letzten unsauberen Beenden automatisch gesicherte Szenario wurde wiederhergestellt.</translation>
    </message>
</context>
<context>
    <name>irqscope::app::CompareView</name>
    <message>
        <source>Metric</source>
        <translation>Messgröße</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Select two runs in the run list and choose Run ▸ Compare selected runs.</source>
        <translation>Zwei Läufe in der Liste der Läufe auswählen und Ausführen ▸ Ausgewählte Läufe vergleichen wählen.</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>Green: B is better than A; red: worse; uncoloured: a change that is neither (sample counts, idle and kernel-context time). Click a latency row to overlay it.</source>
        <translation>Grün: B ist besser als A; rot: schlechter; ohne Farbe: eine Änderung, die keins von beiden ist (Anzahl der Messpunkte, Leerlauf- und Kernelkontext-Zeit). Eine Latenzzeile anklicken, um sie überlagert zu zeigen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; = %1 &amp;nbsp; &lt;b&gt;B&lt;/b&gt; = %2&lt;br&gt;%3</source>
        <translation>&lt;b&gt;A&lt;/b&gt; = %1 &amp;nbsp; &lt;b&gt;B&lt;/b&gt; = %2&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Aufzeichnung</translation>
    </message>
    <message>
        <source>Twin</source>
        <translation>Zwilling</translation>
    </message>
    <message>
        <source>Capture: %1</source>
        <translation>Aufzeichnung: %1</translation>
    </message>
    <message>
        <source>Twin: %1</source>
        <translation>Zwilling: %1</translation>
    </message>
</context>
<context>
    <name>irqscope::app::CpuTimePlot</name>
    <message>
        <source>% of simulated time</source>
        <translation>% der simulierten Zeit</translation>
    </message>
    <message>
        <source>Time per context per CPU</source>
        <translation>Zeit je Kontext und CPU</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
</context>
<context>
    <name>irqscope::app::EventList</name>
    <message>
        <source>all CPUs</source>
        <translation>alle CPUs</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 Ereignisse</translation>
    </message>
    <message>
        <source>Search events: a name (eth0, NET_RX, fio)</source>
        <translation>Ereignisse suchen: ein Name (eth0, NET_RX, fio)</translation>
    </message>
    <message>
        <source>every kind</source>
        <translation>jede Art</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Vorheriges</translation>
    </message>
    <message>
        <source>The previous event of this kind and CPU before the selection</source>
        <translation>Das vorherige Ereignis dieser Art und CPU vor der Auswahl</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Nächstes ▶</translation>
    </message>
    <message>
        <source>The next event of this kind and CPU after the selection</source>
        <translation>Das nächste Ereignis dieser Art und CPU nach der Auswahl</translation>
    </message>
    <message>
        <source>Longest</source>
        <translation>Längstes</translation>
    </message>
    <message>
        <source>Select the longest event of this kind and CPU</source>
        <translation>Das längste Ereignis dieser Art und CPU auswählen</translation>
    </message>
</context>
<context>
    <name>irqscope::app::EventModel</name>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
</context>
<context>
    <name>irqscope::app::ImageExportDialog</name>
    <message>
        <source>Export image</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <source>The suffix picks the format: .png, .svg or .pdf</source>
        <translation>Die Dateiendung bestimmt das Format: .png, .svg oder .pdf</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Size (width × height):</source>
        <translation>Größe (Breite × Höhe):</translation>
    </message>
    <message>
        <source>Current view</source>
        <translation>Aktuelle Ansicht</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>Ganzer Lauf</translation>
    </message>
    <message>
        <source>Time range:</source>
        <translation>Zeitbereich:</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Vektorgrafik (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Paper: one column of a paper, 17 cm wide, 8.5 pt type (a PNG at 300 dpi). Slide: 16:9 with large type and the high-contrast colours. SVG and PDF keep the physical size.</source>
        <translation>Papier: eine Spalte eines Artikels, 17 cm breit, 8,5-pt-Schrift (ein PNG mit 300 dpi). Folie: 16:9 mit großer Schrift und den kontrastreichen Farben. SVG und PDF behalten die physische Größe.</translation>
    </message>
    <message>
        <source>Page:</source>
        <translation>Seite:</translation>
    </message>
    <message>
        <source>Cursors, selection and highlights</source>
        <translation>Cursor, Auswahl und Hervorhebungen</translation>
    </message>
    <message>
        <source>Only the lanes shown (filter, hidden idle CPUs)</source>
        <translation>Nur die gezeigten Spuren (Filter, ausgeblendete untätige CPUs)</translation>
    </message>
    <message>
        <source>Draw:</source>
        <translation>Zeichnen:</translation>
    </message>
    <message>
        <source>Printed above the lanes; empty: no title</source>
        <translation>Über den Spuren gedruckt; leer: kein Titel</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titel:</translation>
    </message>
</context>
<context>
    <name>irqscope::app::KnobPanel</name>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>%1 … %2 %3</source>
        <translation>%1 … %2 %3</translation>
    </message>
    <message>
        <source>range: %1</source>
        <translation>Bereich: %1</translation>
    </message>
    <message>
        <source>one of: %1</source>
        <translation>einer von: %1</translation>
    </message>
    <message>
        <source>Reset to default</source>
        <translation>Auf Standardwert zurücksetzen</translation>
    </message>
    <message>
        <source>Filter parameters (name or explanation)…</source>
        <translation>Parameter filtern (Name oder Erklärung)…</translation>
    </message>
    <message>
        <source>Hover or focus a parameter to read what it controls. Right-click a field to reset it.</source>
        <translation>Mit der Maus auf einen Parameter zeigen oder ihn fokussieren, um zu lesen, was er steuert. Rechtsklick auf ein Feld setzt es zurück.</translation>
    </message>
    <message>
        <source>The scenario is not valid: %1</source>
        <translation>Das Szenario ist ungültig: %1</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>Nicht geändert: %1</translation>
    </message>
    <message>
        <source>Switched off: %1 is false, so this parameter changes nothing. Tick %1 to use it.</source>
        <translation>Abgeschaltet: %1 ist false, dieser Parameter ändert also nichts. Setzen Sie ein Häkchen bei %1, um ihn zu nutzen.</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LaneBar</name>
    <message>
        <source>Unpin</source>
        <translation>Nicht mehr anheften</translation>
    </message>
    <message>
        <source>Pin to top</source>
        <translation>Oben anheften</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>Aufklappen</translation>
    </message>
    <message>
        <source>Collapse to a strip</source>
        <translation>Zu einem Streifen zuklappen</translation>
    </message>
    <message>
        <source>Hide this lane</source>
        <translation>Diese Spur ausblenden</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>Spuren</translation>
    </message>
    <message>
        <source> Lanes: </source>
        <translation> Spuren: </translation>
    </message>
    <message>
        <source>CPUs or names: 0-7, fio</source>
        <translation>CPUs oder Namen: 0-7, fio</translation>
    </message>
    <message>
        <source>Show only these lanes: CPU numbers or ranges (3, 0-7) and words in lane names (a task, an interrupt), separated by commas. A task named here gets its own lane.</source>
        <translation>Nur diese Spuren zeigen: CPU-Nummern oder -Bereiche (3, 0-7) und Wörter aus Spurnamen (ein Task, ein Interrupt), durch Kommas getrennt. Ein hier genannter Task bekommt seine eigene Spur.</translation>
    </message>
    <message>
        <source>Task lanes</source>
        <translation>Task-Spuren</translation>
    </message>
    <message>
        <source>A lane per task that ran: when it was on a CPU and what interrupted it</source>
        <translation>Eine Spur je Task, der lief: wann er auf einer CPU war und was ihn unterbrach</translation>
    </message>
    <message>
        <source>Interrupt-line lanes</source>
        <translation>Interrupt-Leitungs-Spuren</translation>
    </message>
    <message>
        <source>A lane per interrupt line: pending, active and masked in the controller</source>
        <translation>Eine Spur je Interrupt-Leitung: pending, active und maskiert im Controller</translation>
    </message>
    <message>
        <source>Hide idle CPUs</source>
        <translation>Untätige CPUs ausblenden</translation>
    </message>
    <message>
        <source>Leave out CPUs that were busy less than 0.05 % of the run (a note says which)</source>
        <translation>CPUs weglassen, die weniger als 0,05 % des Laufs beschäftigt waren (ein Hinweis nennt sie)</translation>
    </message>
    <message>
        <source>Show all lanes</source>
        <translation>Alle Spuren zeigen</translation>
    </message>
    <message>
        <source>Undo pins, moves, collapses, hidden lanes and the filter</source>
        <translation>Anheften, Verschieben, Zuklappen, ausgeblendete Spuren und den Filter zurücknehmen</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>Follow the system locale (now: %1)</source>
        <translation>Der Systemsprache folgen (derzeit: %1)</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LatencyOverlayPlot</name>
    <message>
        <source>% of samples</source>
        <translation>% der Messpunkte</translation>
    </message>
    <message>
        <source>latency (log scale)</source>
        <translation>Latenz (logarithmisch)</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>%1: p99 %2, max %3 (%4 samples)</source>
        <translation>%1: p99 %2, max. %3 (%4 Messpunkte)</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LatencyPlot</name>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>Messpunkte</translation>
    </message>
    <message>
        <source>cumulative %</source>
        <translation>kumuliert %</translation>
    </message>
    <message>
        <source>No latency samples in this run</source>
        <translation>Keine Latenz-Messpunkte in diesem Lauf</translation>
    </message>
    <message numerus="yes">
        <source>Latency: %1 (%n samples)</source>
        <translation>
            <numerusform>Latenz: %1 (%n Messpunkt)</numerusform>
            <numerusform>Latenz: %1 (%n Messpunkte)</numerusform>
        </translation>
    </message>
    <message>
        <source>p50 %1 · p90 %2 · p99 %3 · p99.9 %4 · max %5</source>
        <translation>p50 %1 · p90 %2 · p99 %3 · p99.9 %4 · max. %5</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>Histogramm</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>Verteilungsfunktion</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99.9</source>
        <translation>p99.9</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max.</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LessonDock</name>
    <message>
        <source>Cannot open the lesson</source>
        <translation>Die Lektion kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Open lesson file</source>
        <translation>Lektionsdatei öffnen</translation>
    </message>
    <message>
        <source>Lessons (*.json);;All files (*)</source>
        <translation>Lektionen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>&amp;Lektionen</translation>
    </message>
    <message>
        <source>&amp;Open lesson file…</source>
        <translation>Lektionsdatei ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Previous step</source>
        <translation>&amp;Vorheriger Schritt</translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation>&amp;Nächster Schritt</translation>
    </message>
    <message>
        <source>&amp;Restart lesson</source>
        <translation>Lektion neu &amp;starten</translation>
    </message>
    <message>
        <source>&amp;End lesson</source>
        <translation>Lektion &amp;beenden</translation>
    </message>
    <message>
        <source>Choose a lesson and press Start. Each step sets up a run, zooms to what matters and explains it; Page Down and Page Up move between steps.</source>
        <translation>Eine Lektion wählen und Start drücken. Jeder Schritt richtet einen Lauf ein, zoomt auf das Wesentliche und erklärt es; Bild ab und Bild auf wechseln zwischen den Schritten.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Open lesson file…</source>
        <translation>Lektionsdatei öffnen…</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LessonPanel</name>
    <message>
        <source>Question for the class</source>
        <translation>Frage an die Klasse</translation>
    </message>
    <message>
        <source>Reveal answer</source>
        <translation>Antwort zeigen</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Previous step (Page Up)</source>
        <translation>Vorheriger Schritt (Bild auf)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>Next step (Page Down)</source>
        <translation>Nächster Schritt (Bild ab)</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <source>Back to the first step (Ctrl+Home)</source>
        <translation>Zurück zum ersten Schritt (Strg+Pos1)</translation>
    </message>
    <message>
        <source>End lesson</source>
        <translation>Lektion beenden</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Simulating this step…</source>
        <translation>Simuliere diesen Schritt…</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LessonPlayer</name>
    <message>
        <source>the run failed: %1</source>
        <translation>der Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the run was cancelled</source>
        <translation>der Lauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>unknown lane &apos;%1&apos; (this run has: %2)</source>
        <translation>unbekannte Spur „%1“ (dieser Lauf hat: %2)</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
</context>
<context>
    <name>irqscope::app::MachineStateView</name>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Play the timeline or click in it to see the machine state at that time.</source>
        <translation>Die Zeitleiste abspielen oder hineinklicken, um den Maschinenzustand zu diesem Zeitpunkt zu sehen.</translation>
    </message>
    <message>
        <source> — this run has no state log: only the trace&apos;s contexts</source>
        <translation> — dieser Lauf hat kein Zustandsprotokoll, nur die Kontexte des Traces</translation>
    </message>
    <message>
        <source> — not recorded after %1 (memory budget)</source>
        <translation> — nach %1 nicht aufgezeichnet (Speicherbudget)</translation>
    </message>
    <message>
        <source>State at %1%2</source>
        <translation>Zustand bei %1%2</translation>
    </message>
    <message>
        <source>nothing recorded</source>
        <translation>nichts aufgezeichnet</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>Context stack</source>
        <translation>Kontext-Stack</translation>
    </message>
    <message numerus="yes">
        <source>%n level(s)</source>
        <translation>
            <numerusform>%n Ebene</numerusform>
            <numerusform>%n Ebenen</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>depth %1</source>
        <translation>Tiefe %1</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>Interrupts</source>
        <translation>Interrupts</translation>
    </message>
    <message>
        <source>need_resched</source>
        <translation>need_resched</translation>
    </message>
    <message>
        <source>Softirqs pending</source>
        <translation>Anstehende softirqs</translation>
    </message>
    <message>
        <source>GIC running priority</source>
        <translation>GIC Running Priority</translation>
    </message>
    <message>
        <source>Run queue</source>
        <translation>Runqueue</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>clear</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>SET</source>
        <translation>GESETZT</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>empty — running %1</source>
        <translation>leer — es läuft %1</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting — running %1</source>
        <translation>
            <numerusform>%n wartet — es läuft %1</numerusform>
            <numerusform>%n warten — es läuft %1</numerusform>
        </translation>
    </message>
    <message>
        <source>runnable</source>
        <translation>lauffähig</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>pending</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>maskiert</translation>
    </message>
    <message>
        <source>IRQ %1 %2 → CPU %3</source>
        <translation>IRQ %1 %2 → CPU %3</translation>
    </message>
    <message>
        <source>inactive</source>
        <translation>inaktiv</translation>
    </message>
    <message>
        <source>Interrupt lines</source>
        <translation>Interrupt-Leitungen</translation>
    </message>
    <message>
        <source>none used</source>
        <translation>keine benutzt</translation>
    </message>
    <message>
        <source>%1 of %2 pending, active or masked</source>
        <translation>%1 von %2 pending, active oder maskiert</translation>
    </message>
    <message>
        <source>pool %1 (CPU %2)</source>
        <translation>Pool %1 (CPU %2)</translation>
    </message>
    <message>
        <source>pool %1 (unbound)</source>
        <translation>Pool %1 (ungebunden)</translation>
    </message>
    <message>
        <source>%1 pending · %2 busy · %3 idle · %4 workers</source>
        <translation>%1 wartend · %2 beschäftigt · %3 untätig · %4 Worker</translation>
    </message>
    <message>
        <source>Workqueue pools</source>
        <translation>Workqueue-Pools</translation>
    </message>
    <message>
        <source>&lt;p&gt;The machine at the player&apos;s cursor. &lt;b&gt;Interrupts OFF&lt;/b&gt;: the CPU takes no interrupt (a hardirq, or local_irq_disable). &lt;b&gt;need_resched&lt;/b&gt;: the scheduler wants to switch at the next preemption point (lazy: at the tick or on return to user). &lt;b&gt;GIC running priority&lt;/b&gt; 0xa0: an acknowledged interrupt has not had its priority dropped (EOI), so no other is signalled to this CPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die Maschine am Cursor der Wiedergabe. &lt;b&gt;Interrupts AUS&lt;/b&gt;: die CPU nimmt keinen Interrupt an (ein hardirq oder local_irq_disable). &lt;b&gt;need_resched&lt;/b&gt;: der Scheduler will am nächsten Preemption-Punkt umschalten (lazy: beim Tick oder bei der Rückkehr in den User-Mode). &lt;b&gt;GIC Running Priority&lt;/b&gt; 0xa0: bei einem bestätigten Interrupt wurde die Priorität noch nicht gesenkt (EOI), daher wird dieser CPU kein anderer signalisiert.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>OFF</source>
        <translation>AUS</translation>
    </message>
    <message>
        <source>lazy</source>
        <translation>lazy</translation>
    </message>
    <message>
        <source>idle (0xff)</source>
        <translation>untätig (0xff)</translation>
    </message>
    <message numerus="yes">
        <source>0xa0, %n not EOIed</source>
        <translation>
            <numerusform>0xa0, %n ohne EOI</numerusform>
            <numerusform>0xa0, %n ohne EOI</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>irqscope::app::MainWindow</name>
    <message>
        <source>simulating… %p%</source>
        <translation>simuliere… %p %</translation>
    </message>
    <message>
        <source>Simulating %1…</source>
        <translation>Simuliere %1…</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>Der Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation>Lauf abgebrochen.</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Select a run to show it and its scenario; select two and press Ctrl+M to compare them.</source>
        <translation>Einen Lauf auswählen zeigt ihn und sein Szenario an; zwei auswählen und Strg+M drücken, um sie zu vergleichen.</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>Cannot load preset</source>
        <translation>Vorlage kann nicht geladen werden</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>%1: imported trace, %2 long</source>
        <translation>%1: importierter Trace, %2 lang</translation>
    </message>
    <message>
        <source>Run %1: %2 simulated in %3 s, %4 events%5</source>
        <translation>Lauf %1: %2 in %3 s simuliert, %4 Ereignisse%5</translation>
    </message>
    <message>
        <source> (%1 trace records dropped by the memory budget)</source>
        <translation> (%1 Trace-Einträge wegen des Speicherbudgets verworfen)</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#555&apos;&gt;Click anything on the timeline to see its full record and what caused it. Hover for a quick summary.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#555&apos;&gt;Etwas in der Zeitleiste anklicken, um den vollständigen Eintrag und seine Ursache zu sehen. Für eine Kurzübersicht mit der Maus darauf zeigen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1%2 — IRQ Scope</source>
        <translation>%1%2 — IRQ Scope</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>Szenario ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save scenario</source>
        <translation>Szenario &amp;speichern</translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation>Szenario speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Import ftrace capture…</source>
        <translation>ftrace-Aufzeichnung &amp;importieren…</translation>
    </message>
    <message>
        <source>Timeline &amp;image (PNG, SVG, PDF)…</source>
        <translation>Zeitleiste als &amp;Bild (PNG, SVG, PDF)…</translation>
    </message>
    <message>
        <source>Current &amp;metrics plot image…</source>
        <translation>Aktuelles &amp;Messwert-Diagramm als Bild…</translation>
    </message>
    <message>
        <source>&amp;Comparison image…</source>
        <translation>&amp;Vergleichsbild…</translation>
    </message>
    <message>
        <source>Metrics as &amp;CSV…</source>
        <translation>Messwerte als &amp;CSV…</translation>
    </message>
    <message>
        <source>Metrics as &amp;JSON…</source>
        <translation>Messwerte als &amp;JSON…</translation>
    </message>
    <message>
        <source>Trace for &amp;Perfetto (Chrome JSON)…</source>
        <translation>Trace für &amp;Perfetto (Chrome-JSON)…</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>Bild &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <source>&amp;Cancel run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Auto-run after each edit</source>
        <translation>Nach jeder Änderung a&amp;utomatisch ausführen</translation>
    </message>
    <message>
        <source>Co&amp;mpare selected runs</source>
        <translation>Ausgewählte Läufe &amp;vergleichen</translation>
    </message>
    <message>
        <source>Zoom &amp;in	W</source>
        <translation>&amp;Vergrößern	W</translation>
    </message>
    <message>
        <source>Zoom &amp;out	S</source>
        <translation>Ver&amp;kleinern	S</translation>
    </message>
    <message>
        <source>Pan &amp;left	A</source>
        <translation>Nach &amp;links schieben	A</translation>
    </message>
    <message>
        <source>Pan &amp;right	D</source>
        <translation>Nach &amp;rechts schieben	D</translation>
    </message>
    <message>
        <source>&amp;Fit all</source>
        <translation>&amp;Alles einpassen</translation>
    </message>
    <message>
        <source>Zoom to &amp;selection	F</source>
        <translation>Auf Auswahl &amp;zoomen	F</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>Z&amp;urück</translation>
    </message>
    <message>
        <source>For&amp;ward</source>
        <translation>Vor&amp;wärts</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>&amp;Keyboard and mouse…</source>
        <translation>&amp;Tastatur und Maus…</translation>
    </message>
    <message>
        <source>&amp;About IRQ Scope</source>
        <translation>Ü&amp;ber IRQ Scope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hauptleiste</translation>
    </message>
    <message>
        <source> Preset: </source>
        <translation> Vorlage: </translation>
    </message>
    <message>
        <source>Load a built-in scenario and run it</source>
        <translation>Ein eingebautes Szenario laden und ausführen</translation>
    </message>
    <message>
        <source>Zoom to selection</source>
        <translation>Auf Auswahl zoomen</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Auto-run</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>Präsentieren</translation>
    </message>
    <message>
        <source>Keyboard and mouse</source>
        <translation>Tastatur und Maus</translation>
    </message>
    <message>
        <source>Mouse wheel</source>
        <translation>Mausrad</translation>
    </message>
    <message>
        <source>zoom at the cursor</source>
        <translation>am Mauszeiger zoomen</translation>
    </message>
    <message>
        <source>Shift + wheel</source>
        <translation>Umschalt + Mausrad</translation>
    </message>
    <message>
        <source>pan</source>
        <translation>verschieben</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Shift + drag, or right-drag</source>
        <translation>Umschalt + Ziehen oder mit rechter Maustaste ziehen</translation>
    </message>
    <message>
        <source>zoom to the dragged time range</source>
        <translation>auf den aufgezogenen Zeitbereich zoomen</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>Klick</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>Doppelklick</translation>
    </message>
    <message>
        <source>select and zoom to it</source>
        <translation>auswählen und darauf zoomen</translation>
    </message>
    <message>
        <source>W / S</source>
        <translation>W / S</translation>
    </message>
    <message>
        <source>zoom in / out</source>
        <translation>vergrößern / verkleinern</translation>
    </message>
    <message>
        <source>A / D</source>
        <translation>A / D</translation>
    </message>
    <message>
        <source>pan left / right</source>
        <translation>nach links / rechts schieben</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>zoom to the selection</source>
        <translation>auf die Auswahl zoomen</translation>
    </message>
    <message>
        <source>Home, Ctrl+0</source>
        <translation>Pos1, Strg+0</translation>
    </message>
    <message>
        <source>fit the whole run</source>
        <translation>den ganzen Lauf einpassen</translation>
    </message>
    <message>
        <source>Backspace, Alt+Left / Alt+Right</source>
        <translation>Rücktaste, Alt+Links / Alt+Rechts</translation>
    </message>
    <message>
        <source>back / forward through views</source>
        <translation>zurück / vorwärts durch die Ansichten</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>clear the selection</source>
        <translation>Auswahl aufheben</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Strg+R</translation>
    </message>
    <message>
        <source>run the scenario</source>
        <translation>das Szenario ausführen</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Strg+M</translation>
    </message>
    <message>
        <source>compare the two selected runs</source>
        <translation>die zwei ausgewählten Läufe vergleichen</translation>
    </message>
    <message>
        <source>F11</source>
        <translation>F11</translation>
    </message>
    <message>
        <source>presentation mode</source>
        <translation>Präsentationsmodus</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>About IRQ Scope</source>
        <translation>Über IRQ Scope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;IRQ Scope&lt;/h3&gt;&lt;p&gt;An explorer of Linux interrupt handling: a discrete-event simulation of hardirq, softirq, tasklets, threaded IRQs and workqueues, drawn as timelines you can change, re-run and compare.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;IRQ Scope&lt;/h3&gt;&lt;p&gt;Ein Werkzeug zum Erkunden der Interrupt-Behandlung in Linux: eine ereignisdiskrete Simulation von hardirq, softirq, tasklets, Threaded IRQs und Workqueues, dargestellt als Zeitleisten, die man ändern, erneut ausführen und vergleichen kann.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Scenario files (%1);;All files (*)</source>
        <translation>Szenario-Dateien (%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>Szenario kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>Szenario kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Scenario files (%1)</source>
        <translation>Szenario-Dateien (%1)</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(noch keine)</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Import ftrace capture</source>
        <translation>ftrace-Aufzeichnung importieren</translation>
    </message>
    <message>
        <source>ftrace text (*.txt *.trace *.dat.txt);;All files (*)</source>
        <translation>ftrace-Text (*.txt *.trace *.dat.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot import trace</source>
        <translation>Trace kann nicht importiert werden</translation>
    </message>
    <message>
        <source>there is no run to export</source>
        <translation>es gibt keinen Lauf zum Exportieren</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>Export nicht möglich</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export metrics</source>
        <translation>Messwerte exportieren</translation>
    </message>
    <message>
        <source>Export trace for Perfetto</source>
        <translation>Trace für Perfetto exportieren</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation>Chrome-Trace-JSON (*.json)</translation>
    </message>
    <message>
        <source>Exported %1 — open it at ui.perfetto.dev</source>
        <translation>%1 exportiert — unter ui.perfetto.dev öffnen</translation>
    </message>
    <message>
        <source>Image copied to the clipboard.</source>
        <translation>Bild in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Machine state</source>
        <translation>Maschinenzustand</translation>
    </message>
    <message>
        <source>select: details and cause → effect arrows; puts the player&apos;s cursor there</source>
        <translation>auswählen: Details und Ursache → Wirkung-Pfeile; setzt den Cursor der Wiedergabe dorthin</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Leertaste</translation>
    </message>
    <message>
        <source>play / pause the slow-motion player</source>
        <translation>Zeitlupen-Wiedergabe abspielen / anhalten</translation>
    </message>
    <message>
        <source>. / ,</source>
        <translation>. / ,</translation>
    </message>
    <message>
        <source>cursor to the next / previous event on the visible lanes</source>
        <translation>Cursor zum nächsten / vorigen Ereignis auf den sichtbaren Spuren</translation>
    </message>
    <message>
        <source>a saved window geometry</source>
        <translation>eine gespeicherte Fenstergeometrie</translation>
    </message>
    <message>
        <source>a saved dock layout</source>
        <translation>ein gespeichertes Dock-Layout</translation>
    </message>
    <message>
        <source>Open sessio&amp;n…</source>
        <translation>Si&amp;tzung öffnen…</translation>
    </message>
    <message>
        <source>Save sessi&amp;on…</source>
        <translation>Sitzung spei&amp;chern…</translation>
    </message>
    <message>
        <source>Unsaved scenario edits</source>
        <translation>Ungespeicherte Szenario-Änderungen</translation>
    </message>
    <message>
        <source>The scenario %1 has edits that are neither saved nor run. Save them before leaving it?</source>
        <translation>Das Szenario %1 hat Änderungen, die weder gespeichert noch ausgeführt sind. Vor dem Verlassen speichern?</translation>
    </message>
    <message>
        <source>Unsaved runs</source>
        <translation>Ungespeicherte Läufe</translation>
    </message>
    <message numerus="yes">
        <source>This session has %n run(s) not saved in a session file. Save the session first?</source>
        <translation>
            <numerusform>Diese Sitzung hat %n Lauf, der nicht in einer Sitzungsdatei gespeichert ist. Zuerst die Sitzung speichern?</numerusform>
            <numerusform>Diese Sitzung hat %n Läufe, die nicht in einer Sitzungsdatei gespeichert sind. Zuerst die Sitzung speichern?</numerusform>
        </translation>
    </message>
    <message>
        <source>Opening session: run %1 of %2…</source>
        <translation>Sitzung wird geöffnet: Lauf %1 von %2…</translation>
    </message>
    <message>
        <source>run #%1 could not be simulated: %2</source>
        <translation>Lauf #%1 ließ sich nicht simulieren: %2</translation>
    </message>
    <message>
        <source>run #%1 gives other metrics than when it was saved (a different engine version)</source>
        <translation>Lauf #%1 ergibt andere Kennzahlen als beim Speichern (eine andere Engine-Version)</translation>
    </message>
    <message>
        <source>capture %1 of run #%2 is missing or unreadable: %3</source>
        <translation>Aufzeichnung %1 von Lauf #%2 fehlt oder ist unlesbar: %3</translation>
    </message>
    <message numerus="yes">
        <source>Opened session %1: %n run(s)</source>
        <translation>
            <numerusform>Sitzung %1 geöffnet: %n Lauf</numerusform>
            <numerusform>Sitzung %1 geöffnet: %n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened session %1 with problems: %2</source>
        <translation>Sitzung %1 mit Problemen geöffnet: %2</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>IRQ Scope sessions (*%1);;All files (*)</source>
        <translation>IRQ-Scope-Sitzungen (*%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>Sitzung kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved session %1</source>
        <translation>Sitzung %1 gespeichert</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>Sitzung kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Session opened with problems</source>
        <translation>Sitzung mit Problemen geöffnet</translation>
    </message>
    <message>
        <source>Imported %1: %2 events understood, %3 skipped, %4 repaired</source>
        <translation>%1 importiert: %2 Ereignisse verstanden, %3 übersprungen, %4 repariert</translation>
    </message>
    <message>
        <source> (repaired: %1)</source>
        <translation> (repariert: %1)</translation>
    </message>
    <message>
        <source> (skipped: %1)</source>
        <translation> (übersprungen: %1)</translation>
    </message>
    <message>
        <source>; events lost by the kernel: %1</source>
        <translation>; vom Kernel verlorene Ereignisse: %1</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Ctrl + wheel, or wheel over the lane names; Up / Down</source>
        <translation>Strg + Mausrad, oder Mausrad über den Spurnamen; Pfeil hoch / runter</translation>
    </message>
    <message>
        <source>scroll the lanes (when they do not all fit the height)</source>
        <translation>Spuren blättern (wenn nicht alle in die Höhe passen)</translation>
    </message>
</context>
<context>
    <name>irqscope::app::MakeTwinDialog</name>
    <message>
        <source>Make twin from capture</source>
        <translation>Zwilling aus Aufzeichnung erstellen</translation>
    </message>
    <message>
        <source>A twin is a scenario fitted from a real ftrace capture: its CPUs, tick, interrupt lines with their arrivals and costs, what each handler defers, and its tasks. It is run for as long as the capture lasted and shown beside it in the Compare tab.</source>
        <translation>Ein Zwilling ist ein Szenario, das aus einer echten ftrace-Aufzeichnung angepasst wird: ihre CPUs, der Tick, die Interrupt-Leitungen mit ihren Ankünften und Kosten, was jeder Handler aufschiebt, und ihre Tasks. Er läuft so lange, wie die Aufzeichnung dauerte, und wird im Vergleich-Reiter neben ihr gezeigt.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Capture:</source>
        <translation>&amp;Aufzeichnung:</translation>
    </message>
    <message>
        <source>ftrace text (*.txt *.trace *.dat.txt);;All files (*)</source>
        <translation>ftrace-Text (*.txt *.trace *.dat.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>rt-app &amp;workload (optional):</source>
        <translation>rt-app-&amp;Last (optional):</translation>
    </message>
    <message>
        <source>rt-app task sets (*.json);;All files (*)</source>
        <translation>rt-app-Task-Sets (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>the tasks are inferred from the capture</source>
        <translation>die Tasks werden aus der Aufzeichnung abgeleitet</translation>
    </message>
    <message>
        <source>Make twin</source>
        <translation>Zwilling erstellen</translation>
    </message>
</context>
<context>
    <name>irqscope::app::MetricsPanel</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Latency of:</source>
        <translation>Latenz von:</translation>
    </message>
    <message>
        <source>Logarithmic time axis</source>
        <translation>Logarithmische Zeitachse</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU-Zeit</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Tasks (top)</source>
        <translation>Tasks (top)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>hardirq</source>
        <translation>hardirq</translation>
    </message>
    <message>
        <source>softirq</source>
        <translation>softirq</translation>
    </message>
    <message>
        <source>irq thread</source>
        <translation>IRQ-Thread</translation>
    </message>
    <message>
        <source>kworker</source>
        <translation>kworker</translation>
    </message>
    <message>
        <source>kthread</source>
        <translation>kthread</translation>
    </message>
    <message>
        <source>user</source>
        <translation>user</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>IRQs aus</translation>
    </message>
    <message>
        <source>ctx switches</source>
        <translation>Kontextwechsel</translation>
    </message>
    <message>
        <source>interrupts</source>
        <translation>Interrupts</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>Pro Sekunde</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Click a warning to show it on the timeline.</source>
        <translation>Eine Warnung anklicken, um sie in der Zeitleiste zu zeigen.</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Charged CPU time</source>
        <translation>Angerechnete CPU-Zeit</translation>
    </message>
    <message>
        <source>% charged</source>
        <translation>% angerechnet</translation>
    </message>
    <message>
        <source>Own code</source>
        <translation>Eigener Code</translation>
    </message>
    <message>
        <source>Charged − own</source>
        <translation>Angerechnet − eigener</translation>
    </message>
    <message>
        <source>What `top` would show: time charged to each task. With IRQ time accounting off, interrupt work is charged to whichever task it interrupted.</source>
        <translation>Was `top` zeigen würde: die jedem Task angerechnete Zeit. Ohne IRQ-Zeiterfassung wird Interrupt-Arbeit dem Task angerechnet, den sie unterbrochen hat.</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>Warnungen (%1)</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /s</translation>
    </message>
</context>
<context>
    <name>irqscope::app::PartEditor</name>
    <message>
        <source>▸ The whole part as JSON (every field)</source>
        <translation>▸ Der ganze Teil als JSON (alle Felder)</translation>
    </message>
    <message>
        <source>Apply JSON</source>
        <translation>JSON übernehmen</translation>
    </message>
    <message>
        <source>The part exactly as the scenario file holds it; Apply checks it as a file is checked.</source>
        <translation>Der Teil genau so, wie die Szenariodatei ihn enthält; Übernehmen prüft ihn wie eine Datei.</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>Vorgabe (%1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>Select a part to edit it, or add one.</source>
        <translation>Einen Teil zum Bearbeiten wählen oder einen hinzufügen.</translation>
    </message>
</context>
<context>
    <name>irqscope::app::PartsPanel</name>
    <message>
        <source>Interrupt sources</source>
        <translation>Interruptquellen</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Tasks</translation>
    </message>
    <message>
        <source>Workqueues</source>
        <translation>Workqueues</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Ressourcen</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>Messpunkte</translation>
    </message>
    <message>
        <source>Interrupt source</source>
        <translation>Interruptquelle</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Workqueue</source>
        <translation>Workqueue</translation>
    </message>
    <message>
        <source>Resource (mutex, condition, barrier, completion)</source>
        <translation>Ressource (Mutex, Bedingung, Barriere, Completion)</translation>
    </message>
    <message>
        <source>Probe (a latency to measure)</source>
        <translation>Messpunkt (eine zu messende Latenz)</translation>
    </message>
    <message>
        <source>Add ▾</source>
        <translation>Hinzufügen ▾</translation>
    </message>
    <message>
        <source>Add a part with a fresh name and working defaults</source>
        <translation>Einen Teil mit neuem Namen und funktionierenden Vorgaben hinzufügen</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>A copy of the selected part under a fresh name</source>
        <translation>Eine Kopie des gewählten Teils unter neuem Namen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected part (refused while another part refers to it)</source>
        <translation>Den gewählten Teil entfernen (abgelehnt, solange ein anderer Teil auf ihn verweist)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>These tasks come from the rt-app task set %1. Edits are saved in IRQ Scope&apos;s scenario language (File ▸ Save scenario as…), not as rt-app JSON; the rt-app file stays as it is.</source>
        <translation>Diese Tasks stammen aus dem rt-app-Taskset %1. Änderungen werden in der Szenariosprache von IRQ Scope gespeichert (Datei ▸ Szenario speichern unter…), nicht als rt-app-JSON; die rt-app-Datei bleibt unverändert.</translation>
    </message>
    <message>
        <source>The tasks and resources of the rt-app file %1 are shown as parts. Saving writes them into this scenario in IRQ Scope&apos;s language, in place of the reference to %1.</source>
        <translation>Die Tasks und Ressourcen der rt-app-Datei %1 werden als Teile gezeigt. Beim Speichern werden sie in der Sprache von IRQ Scope in dieses Szenario geschrieben, anstelle des Verweises auf %1.</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>Nicht geändert: %1</translation>
    </message>
    <message>
        <source>expected the part as a JSON object</source>
        <translation>erwartet: der Teil als JSON-Objekt</translation>
    </message>
    <message>
        <source>Devices (built-in models)</source>
        <translation>Geräte (eingebaute Modelle)</translation>
    </message>
    <message>
        <source>Device (nvme, i915, panthor, gic_bench)</source>
        <translation>Gerät (nvme, i915, panthor, gic_bench)</translation>
    </message>
</context>
<context>
    <name>irqscope::app::PlayerBar</name>
    <message>
        <source>Player</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>Previous event</source>
        <translation>Vorheriges Ereignis</translation>
    </message>
    <message>
        <source>Prev</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Step back to the previous context boundary or marker on the visible lanes (,)</source>
        <translation>Zur vorigen Kontextgrenze oder Markierung auf den sichtbaren Spuren zurückgehen (,)</translation>
    </message>
    <message>
        <source>Next event</source>
        <translation>Nächstes Ereignis</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Step to the next context boundary or marker on the visible lanes (.)</source>
        <translation>Zur nächsten Kontextgrenze oder Markierung auf den sichtbaren Spuren gehen (.)</translation>
    </message>
    <message>
        <source> Speed: </source>
        <translation> Tempo: </translation>
    </message>
    <message>
        <source>Simulated time per real second</source>
        <translation>Simulierte Zeit pro echter Sekunde</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Pause the slow-motion player (Space)</source>
        <translation>Zeitlupen-Wiedergabe anhalten (Leertaste)</translation>
    </message>
    <message>
        <source>Play the timeline in slow motion from the cursor (Space)</source>
        <translation>Die Zeitleiste ab dem Cursor in Zeitlupe abspielen (Leertaste)</translation>
    </message>
    <message>
        <source> cursor %1 </source>
        <translation> Cursor %1 </translation>
    </message>
    <message>
        <source> no cursor </source>
        <translation> kein Cursor </translation>
    </message>
</context>
<context>
    <name>irqscope::app::RunList</name>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1 (importiert)</translation>
    </message>
    <message>
        <source>real trace</source>
        <translation>echter Trace</translation>
    </message>
    <message>
        <source>first run</source>
        <translation>erster Lauf</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>cancelled before the end</source>
        <translation>vor dem Ende abgebrochen</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Simulated</source>
        <translation>Simuliert</translation>
    </message>
    <message>
        <source>%1 (starved)</source>
        <translation>%1 (ausgehungert)</translation>
    </message>
    <message>
        <source>Worst p99 of one %1 series: %2 (%3)</source>
        <translation>Schlechtestes p99 einer %1-Reihe: %2 (%3)</translation>
    </message>
    <message>
        <source>Largest %1 sample: %2</source>
        <translation>Größter %1-Messwert: %2</translation>
    </message>
    <message>
        <source>%1 is starved: %2 samples where the other series have about %3 — its thread hardly ran, the few samples understate how long it waited</source>
        <translation>%1 ist ausgehungert: %2 Messwerte, wo die anderen Reihen etwa %3 haben – sein Thread lief kaum, die wenigen Messwerte untertreiben, wie lange er wartete</translation>
    </message>
    <message>
        <source>What changed in the scenario since the previous run</source>
        <translation>Was sich am Szenario seit dem vorigen Lauf geändert hat</translation>
    </message>
    <message>
        <source>The worst p99 of any one series of the first latency family (per CPU or thread), not the pooled p99; &quot;starved&quot; when a series has under a tenth of the samples of the others</source>
        <translation>Das schlechteste p99 einer einzelnen Reihe der ersten Latenzfamilie (je CPU oder Thread), nicht das gepoolte p99; „ausgehungert“, wenn eine Reihe weniger als ein Zehntel der Messwerte der anderen hat</translation>
    </message>
    <message>
        <source>The largest latency sample of that family</source>
        <translation>Der größte Latenz-Messwert dieser Familie</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <source>Worst p99</source>
        <translation>Schlechtestes p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
</context>
<context>
    <name>irqscope::app::ScenarioInfo</name>
    <message>
        <source>more…</source>
        <translation>mehr…</translation>
    </message>
    <message>
        <source>less</source>
        <translation>weniger</translation>
    </message>
</context>
<context>
    <name>irqscope::app::ScenarioTabs</name>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Parts (%1)</source>
        <translation>Teile (%1)</translation>
    </message>
    <message>
        <source>The machine and kernel: every parameter of the scenario</source>
        <translation>Maschine und Kernel: alle Parameter des Szenarios</translation>
    </message>
    <message>
        <source>The scenario&apos;s own interrupt sources, tasks, workqueues, resources, probes and placed devices</source>
        <translation>Die eigenen Interruptquellen, Tasks, Workqueues, Ressourcen, Messpunkte und platzierten Geräte des Szenarios</translation>
    </message>
</context>
<context>
    <name>irqscope::app::TimelinePlot</name>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>IRQs aus</translation>
    </message>
    <message>
        <source>task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>softirq</source>
        <translation>softirq</translation>
    </message>
    <message>
        <source>hardirq</source>
        <translation>hardirq</translation>
    </message>
    <message>
        <source>state</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>raise</source>
        <translation>raise</translation>
    </message>
    <message>
        <source>ack</source>
        <translation>ack</translation>
    </message>
    <message>
        <source>EOI</source>
        <translation>EOI</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>unmask</source>
        <translation>unmask</translation>
    </message>
    <message>
        <source>raise softirq</source>
        <translation>raise softirq</translation>
    </message>
    <message>
        <source>schedule tasklet</source>
        <translation>tasklet_schedule</translation>
    </message>
    <message>
        <source>queue_work</source>
        <translation>queue_work</translation>
    </message>
    <message>
        <source>wake-up</source>
        <translation>Aufwecken</translation>
    </message>
    <message>
        <source>IPI</source>
        <translation>IPI</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Lanes (Ctrl+wheel, or the wheel over the lane names)</source>
        <translation>Spuren (Strg + Mausrad, oder Mausrad über den Spurnamen)</translation>
    </message>
</context>
<context>
    <name>irqscope::app::TimelinePlottable</name>
    <message>
        <source>1 idle CPU hidden (CPU %1) — View ▸ Hide idle CPUs</source>
        <translation>1 untätige CPU ausgeblendet (CPU %1) — Ansicht ▸ Untätige CPUs ausblenden</translation>
    </message>
    <message>
        <source>%1 idle CPUs hidden (CPU %2) — View ▸ Hide idle CPUs</source>
        <translation>%1 untätige CPUs ausgeblendet (CPU %2) — Ansicht ▸ Untätige CPUs ausblenden</translation>
    </message>
    <message>
        <source>idle CPUs not shown: %1</source>
        <translation>untätige CPUs nicht gezeigt: %1</translation>
    </message>
</context>
<context>
    <name>irqscope::app::TwinController</name>
    <message>
        <source>Make &amp;twin from capture…</source>
        <translation>&amp;Zwilling aus Aufzeichnung erstellen…</translation>
    </message>
    <message>
        <source>Fit a scenario of the captured machine and compare it with the capture</source>
        <translation>Ein Szenario der aufgezeichneten Maschine anpassen und mit der Aufzeichnung vergleichen</translation>
    </message>
    <message>
        <source>Make a twin of %1…</source>
        <translation>Einen Zwilling von %1 erstellen…</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Make twin</source>
        <translation>Zwilling erstellen</translation>
    </message>
    <message>
        <source>Fitting the twin…</source>
        <translation>Der Zwilling wird angepasst…</translation>
    </message>
    <message>
        <source>Making the twin was cancelled.</source>
        <translation>Das Erstellen des Zwillings wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Cannot make a twin</source>
        <translation>Zwilling kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>The fitted twin does not read back: %1</source>
        <translation>Der angepasste Zwilling lässt sich nicht wieder einlesen: %1</translation>
    </message>
    <message>
        <source>Fitted a twin of %1: %2 CPUs, HZ %3; running it…</source>
        <translation>Zwilling von %1 angepasst: %2 CPUs, HZ %3; er läuft…</translation>
    </message>
    <message>
        <source>Capture and twin paired in Compare runs: targets met %1 of %2</source>
        <translation>Aufzeichnung und Zwilling als Paar in Läufe vergleichen: Ziele erreicht %1 von %2</translation>
    </message>
    <message>
        <source>the twin of %1 could not be fitted again: %2</source>
        <translation>der Zwilling von %1 ließ sich nicht erneut anpassen: %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Explore simulated Linux interrupt handling: timelines, what-if runs, comparisons.</source>
        <translation>Simulierte Interrupt-Behandlung in Linux erkunden: Zeitleisten, Was-wäre-wenn-Läufe, Vergleiche.</translation>
    </message>
    <message>
        <source>A preset name or a scenario JSON file to open.</source>
        <translation>Name einer Vorlage oder eine Szenario-JSON-Datei zum Öffnen.</translation>
    </message>
    <message>
        <source>Start in presentation mode (full screen, large, high contrast).</source>
        <translation>Im Präsentationsmodus starten (Vollbild, groß, kontrastreich).</translation>
    </message>
    <message>
        <source>Ignore the remembered window layout.</source>
        <translation>Das gespeicherte Fensterlayout ignorieren.</translation>
    </message>
    <message>
        <source>Start a lesson: a shipped lesson id (intro) or a lesson file.</source>
        <translation>Eine Lektion starten: die ID einer mitgelieferten Lektion (intro) oder eine Lektionsdatei.</translation>
    </message>
    <message>
        <source>The lesson step to show first (1 is the first).</source>
        <translation>Der zuerst gezeigte Lektionsschritt (1 ist der erste).</translation>
    </message>
    <message>
        <source>Quit as soon as the first run is drawn (start-up measurement).</source>
        <translation>Beenden, sobald der erste Lauf gezeichnet ist (Messung der Startzeit).</translation>
    </message>
</context>
</TS>
