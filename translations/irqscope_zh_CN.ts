<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CompareHeadline</name>
    <message>
        <source>%1× lower</source>
        <translation>低 %1 倍</translation>
    </message>
    <message>
        <source>%1× higher</source>
        <translation>高 %1 倍</translation>
    </message>
    <message>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>from zero</source>
        <translation>从零开始</translation>
    </message>
    <message>
        <source>%1, better</source>
        <translation>%1，更好</translation>
    </message>
    <message>
        <source>%1, worse</source>
        <translation>%1，更差</translation>
    </message>
    <message>
        <source>%1, %2: %3 → %4 (%5)</source>
        <translation>%1，%2：%3 → %4（%5）</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>both runs are imported captures</source>
        <translation>两次运行都是导入的抓取记录</translation>
    </message>
    <message>
        <source>%1 is an imported capture, %2 a simulation</source>
        <translation>%1 是导入的抓取记录，%2 是模拟</translation>
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
        <translation>&lt;b&gt;不同之处：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;What differs:&lt;/b&gt; no setting (the same scenario run twice)</source>
        <translation>&lt;b&gt;不同之处：&lt;/b&gt;没有设置不同（同一场景运行了两次）</translation>
    </message>
    <message>
        <source>No metric changed by 10 % or more.</source>
        <translation>没有指标变化达到 10 % 或以上。</translation>
    </message>
    <message>
        <source>Largest changes:</source>
        <translation>最大的变化：</translation>
    </message>
    <message>
        <source>The runs last differently long: counts are compared as rates per second.</source>
        <translation>两次运行时长不同：计数按每秒速率比较。</translation>
    </message>
</context>
<context>
    <name>FigureOptions</name>
    <message>
        <source>Paper: 17 × 9.5 cm, 8.5 pt, 300 dpi</source>
        <translation>论文：17 × 9.5 厘米，8.5 磅，300 dpi</translation>
    </message>
    <message>
        <source>Slide: 16:9, 18 pt, 1920 × 1080</source>
        <translation>幻灯片：16:9，18 磅，1920 × 1080</translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>自定义尺寸</translation>
    </message>
    <message>
        <source>%1 unset</source>
        <translation>%1 未设置</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>另有 %n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ItemText</name>
    <message>
        <source>interrupt</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>softirq vector</source>
        <translation>softirq 向量</translation>
    </message>
    <message>
        <source>tasklet</source>
        <translation>tasklet</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>entity</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>work item</source>
        <translation>工作项</translation>
    </message>
    <message>
        <source>handler</source>
        <translation>处理函数</translation>
    </message>
    <message>
        <source>detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation>%1，位于 %2，时间 %3</translation>
    </message>
    <message>
        <source>where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>caused by</source>
        <translation>起因</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>lane</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>time (ns)</source>
        <translation>时间 (ns)</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>nesting depth</source>
        <translation>嵌套深度</translation>
    </message>
    <message>
        <source>%1 (%2 ns)</source>
        <translation>%1（%2 ns）</translation>
    </message>
    <message>
        <source>end</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>被打断的</translation>
    </message>
    <message>
        <source>Caused by (nearest first)</source>
        <translation>起因（由近及远）</translation>
    </message>
    <message>
        <source>Led to</source>
        <translation>导致</translation>
    </message>
    <message>
        <source>No recorded cause or effect.</source>
        <translation>没有记录到起因或后果。</translation>
    </message>
</context>
<context>
    <name>MetricsDelta</name>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /秒</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>p%1</source>
        <translation>p%1</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>irqs off（中断关闭）</translation>
    </message>
    <message>
        <source>context switches</source>
        <translation>上下文切换</translation>
    </message>
    <message>
        <source>interrupts</source>
        <translation>中断数</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>%1 on CPU %2</source>
        <translation>CPU %2 上的 %1</translation>
    </message>
    <message>
        <source>Latency: %1</source>
        <translation>延迟：%1</translation>
    </message>
    <message>
        <source>samples per second</source>
        <translation>每秒样本数</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>CPU time (share of all CPUs)</source>
        <translation>CPU 时间（占全部 CPU 的比例）</translation>
    </message>
    <message>
        <source>Events per second</source>
        <translation>每秒事件数</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Warnings per second</source>
        <translation>每秒警告数</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>idle</source>
        <translation>idle（空闲）</translation>
    </message>
    <message>
        <source>user task</source>
        <translation>用户任务</translation>
    </message>
    <message>
        <source>other kthread</source>
        <translation>其他 kthread</translation>
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
        <translation>IRQ 线程</translation>
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
        <translation>线路 pending</translation>
    </message>
    <message>
        <source>line active</source>
        <translation>线路 active</translation>
    </message>
    <message>
        <source>line active+pending</source>
        <translation>线路 active+pending</translation>
    </message>
    <message>
        <source>line masked</source>
        <translation>线路已屏蔽</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>IRQ raised</source>
        <translation>IRQ 触发</translation>
    </message>
    <message>
        <source>acknowledge</source>
        <translation>确认 (ack)</translation>
    </message>
    <message>
        <source>priority drop</source>
        <translation>优先级降低 (priority drop)</translation>
    </message>
    <message>
        <source>deactivate</source>
        <translation>停用 (deactivate)</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>屏蔽</translation>
    </message>
    <message>
        <source>unmask</source>
        <translation>解除屏蔽</translation>
    </message>
    <message>
        <source>softirq raised</source>
        <translation>softirq 触发</translation>
    </message>
    <message>
        <source>tasklet scheduled</source>
        <translation>tasklet 已调度</translation>
    </message>
    <message>
        <source>work queued</source>
        <translation>work 已入队</translation>
    </message>
    <message>
        <source>wake-up</source>
        <translation>唤醒</translation>
    </message>
    <message>
        <source>IPI</source>
        <translation>IPI</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>raised softirq</source>
        <translation>触发了 softirq</translation>
    </message>
    <message>
        <source>scheduled tasklet</source>
        <translation>调度了 tasklet</translation>
    </message>
    <message>
        <source>woke IRQ thread</source>
        <translation>唤醒了 IRQ 线程</translation>
    </message>
    <message>
        <source>queued work</source>
        <translation>将 work 入队</translation>
    </message>
    <message>
        <source>woke task</source>
        <translation>唤醒了任务</translation>
    </message>
    <message>
        <source>sent IPI</source>
        <translation>发送了 IPI</translation>
    </message>
    <message>
        <source>caused</source>
        <translation>导致</translation>
    </message>
</context>
<context>
    <name>PartEditor</name>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>The line&apos;s name in /proc/interrupts and the trace; its IRQ thread is irq/&lt;intid&gt;-&lt;name&gt;</source>
        <translation>中断线在 /proc/interrupts 和跟踪中的名称；其 IRQ 线程为 irq/&lt;intid&gt;-&lt;name&gt;</translation>
    </message>
    <message>
        <source>line</source>
        <translation>中断线</translation>
    </message>
    <message>
        <source>spi: a wired interrupt; lpi: through the ITS; msi: a PCI MSI (an LPI on GICv3)</source>
        <translation>spi：有线中断；lpi：经由 ITS；msi：PCI MSI（GICv3 上为 LPI）</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>The line&apos;s affinity: CPU numbers (&quot;1&quot; or &quot;0, 2&quot;); the GIC delivers to the lowest. Empty: all CPUs</source>
        <translation>中断线的亲和性：CPU 编号（&quot;1&quot; 或 &quot;0, 2&quot;）；GIC 投递到编号最小的。留空：所有 CPU</translation>
    </message>
    <message>
        <source>all CPUs</source>
        <translation>所有 CPU</translation>
    </message>
    <message>
        <source>arrival</source>
        <translation>到达</translation>
    </message>
    <message>
        <source>rate (Hz)</source>
        <translation>速率 (Hz)</translation>
    </message>
    <message>
        <source>Interrupts per second of the Poisson arrivals</source>
        <translation>泊松到达每秒的中断数</translation>
    </message>
    <message>
        <source>period</source>
        <translation>周期</translation>
    </message>
    <message>
        <source>Time between two interrupts (&quot;333us&quot;), or {&quot;period&quot;, &quot;start&quot;}</source>
        <translation>两次中断之间的时间（&quot;333us&quot;），或 {&quot;period&quot;, &quot;start&quot;}</translation>
    </message>
    <message>
        <source>handler cost</source>
        <translation>处理函数开销</translation>
    </message>
    <message>
        <source>The primary handler&apos;s own work in hardirq context: a duration (&quot;3us&quot;) or a distribution ({&quot;uniform&quot;: [&quot;1us&quot;, &quot;3us&quot;]})</source>
        <translation>主处理函数在硬中断上下文中的工作：时长（&quot;3us&quot;）或分布（{&quot;uniform&quot;: [&quot;1us&quot;, &quot;3us&quot;]}）</translation>
    </message>
    <message>
        <source>none: only a thread step (ONESHOT)</source>
        <translation>无：仅线程步骤（ONESHOT）</translation>
    </message>
    <message>
        <source>then</source>
        <translation>然后</translation>
    </message>
    <message>
        <source>The thread&apos;s name (comm) in the trace</source>
        <translation>线程在跟踪中的名称（comm）</translation>
    </message>
    <message>
        <source>policy</source>
        <translation>调度策略</translation>
    </message>
    <message>
        <source>The scheduling policy (SCHED_OTHER, BATCH, IDLE, FIFO, RR, DEADLINE)</source>
        <translation>调度策略（SCHED_OTHER、BATCH、IDLE、FIFO、RR、DEADLINE）</translation>
    </message>
    <message>
        <source>priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>The RT priority, 1–99; fifo and rr only</source>
        <translation>实时优先级，1–99；仅 fifo 和 rr</translation>
    </message>
    <message>
        <source>%1 (fifo, rr)</source>
        <translation>%1（fifo、rr）</translation>
    </message>
    <message>
        <source>nice</source>
        <translation>nice 值</translation>
    </message>
    <message>
        <source>The nice value, −20–19; other, batch and idle only</source>
        <translation>nice 值，−20–19；仅 other、batch 和 idle</translation>
    </message>
    <message>
        <source>%1 (other, batch, idle)</source>
        <translation>%1（other、batch、idle）</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>deadline only: {&quot;runtime&quot;: &quot;2ms&quot;, &quot;deadline&quot;: &quot;10ms&quot;, &quot;period&quot;: &quot;10ms&quot;}</source>
        <translation>仅 deadline：{&quot;runtime&quot;: &quot;2ms&quot;, &quot;deadline&quot;: &quot;10ms&quot;, &quot;period&quot;: &quot;10ms&quot;}</translation>
    </message>
    <message>
        <source>deadline policy only</source>
        <translation>仅 deadline 策略</translation>
    </message>
    <message>
        <source>The task&apos;s affinity: CPU numbers (&quot;1&quot; or &quot;0, 2&quot;). Empty: all CPUs</source>
        <translation>任务的亲和性：CPU 编号（&quot;1&quot; 或 &quot;0, 2&quot;）。留空：所有 CPU</translation>
    </message>
    <message>
        <source>instances</source>
        <translation>实例数</translation>
    </message>
    <message>
        <source>That many threads, named name-0, name-1, …</source>
        <translation>这么多个线程，命名为 name-0、name-1、…</translation>
    </message>
    <message>
        <source>loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>How many times the phases run; −1: until the run ends</source>
        <translation>阶段运行的次数；−1：直到运行结束</translation>
    </message>
    <message>
        <source>%1 (forever)</source>
        <translation>%1（一直）</translation>
    </message>
    <message>
        <source>delay</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>The task sleeps this long before its first phase</source>
        <translation>任务在第一个阶段前睡眠这么久</translation>
    </message>
    <message>
        <source>phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>rt-app-style phases: {&quot;loop&quot;: n, &quot;events&quot;: [{&quot;run&quot;: &quot;50us&quot;}, {&quot;sleep&quot;: &quot;1ms&quot;}, …]}</source>
        <translation>rt-app 风格的阶段：{&quot;loop&quot;: n, &quot;events&quot;: [{&quot;run&quot;: &quot;50us&quot;}, {&quot;sleep&quot;: &quot;1ms&quot;}, …]}</translation>
    </message>
    <message>
        <source>events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>The events of the task&apos;s one phase: run, runtime, sleep, timer, lock, unlock, wait, signal, suspend, resume, barrier, yield, syscall, submit, queue_work</source>
        <translation>任务唯一阶段的事件：run、runtime、sleep、timer、lock、unlock、wait、signal、suspend、resume、barrier、yield、syscall、submit、queue_work</translation>
    </message>
    <message>
        <source>The workqueue&apos;s name (alloc_workqueue()&apos;s fmt)</source>
        <translation>工作队列的名称（alloc_workqueue() 的 fmt）</translation>
    </message>
    <message>
        <source>unbound</source>
        <translation>非绑定</translation>
    </message>
    <message>
        <source>WQ_UNBOUND: the unbound pool, no concurrency management</source>
        <translation>WQ_UNBOUND：非绑定池，无并发管理</translation>
    </message>
    <message>
        <source>highpri</source>
        <translation>高优先级</translation>
    </message>
    <message>
        <source>WQ_HIGHPRI: the nice −20 worker pools</source>
        <translation>WQ_HIGHPRI：nice −20 的 worker 池</translation>
    </message>
    <message>
        <source>ordered</source>
        <translation>有序</translation>
    </message>
    <message>
        <source>alloc_ordered_workqueue(): one item at a time, in queue order</source>
        <translation>alloc_ordered_workqueue()：一次一项，按入队顺序</translation>
    </message>
    <message>
        <source>rt</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>WQ_RT (the seed proposal, not in mainline): SCHED_FIFO workers</source>
        <translation>WQ_RT（种子提案，不在主线内核中）：SCHED_FIFO worker</translation>
    </message>
    <message>
        <source>max_active</source>
        <translation>max_active</translation>
    </message>
    <message>
        <source>Items active at once (0: the default, 256; at most 512)</source>
        <translation>同时活跃的项数（0：默认 256；最多 512）</translation>
    </message>
    <message>
        <source>The name the tasks&apos; events use</source>
        <translation>任务事件使用的名称</translation>
    </message>
    <message>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>A pthread mutex, condition variable, rt-app barrier or struct completion</source>
        <translation>pthread 互斥锁、条件变量、rt-app 屏障或 struct completion</translation>
    </message>
    <message>
        <source>priority inheritance</source>
        <translation>优先级继承</translation>
    </message>
    <message>
        <source>mutex only: a PI futex (rt_mutex), the owner runs at its top waiter&apos;s priority</source>
        <translation>仅互斥锁：PI futex（rt_mutex），持有者以最高等待者的优先级运行</translation>
    </message>
    <message>
        <source>The latency series&apos; name in the run&apos;s metrics</source>
        <translation>延迟序列在运行指标中的名称</translation>
    </message>
    <message>
        <source>wake-up of task</source>
        <translation>任务的唤醒</translation>
    </message>
    <message>
        <source>From try_to_wake_up() of this task to the switch that runs it</source>
        <translation>从该任务的 try_to_wake_up() 到运行它的切换</translation>
    </message>
    <message>
        <source>IRQ to thread of</source>
        <translation>IRQ 到线程：</translation>
    </message>
    <message>
        <source>From this source&apos;s interrupt to its IRQ thread starting</source>
        <translation>从该中断源的中断到其 IRQ 线程开始</translation>
    </message>
    <message>
        <source>source</source>
        <translation>中断源</translation>
    </message>
    <message>
        <source>The source whose step is measured from raise to run</source>
        <translation>测量其步骤从触发到运行的中断源</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>A step kind (softirq, tasklet, thread, queue_work) or a path (then[0].then[1])</source>
        <translation>步骤类型（softirq、tasklet、thread、queue_work）或路径（then[0].then[1]）</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>When the device interrupts; its fields below. Other forms (a periodic start, an empirical histogram) in the part&apos;s JSON</source>
        <translation>设备何时发出中断；其字段在下方。其他形式（周期的起点、经验直方图）请写在部件的 JSON 中</translation>
    </message>
    <message>
        <source>burst count</source>
        <translation>突发个数</translation>
    </message>
    <message>
        <source>Interrupts in one burst</source>
        <translation>一次突发中的中断数</translation>
    </message>
    <message>
        <source>burst gap</source>
        <translation>突发间隔</translation>
    </message>
    <message>
        <source>Time between the interrupts of a burst</source>
        <translation>一次突发内相邻中断的间隔</translation>
    </message>
    <message>
        <source>burst every</source>
        <translation>突发周期</translation>
    </message>
    <message>
        <source>Time from one burst&apos;s start to the next&apos;s</source>
        <translation>从一次突发开始到下一次开始的时间</translation>
    </message>
    <message>
        <source>first burst</source>
        <translation>首次突发</translation>
    </message>
    <message>
        <source>When the first burst starts</source>
        <translation>第一次突发何时开始</translation>
    </message>
    <message>
        <source>one period</source>
        <translation>一个周期</translation>
    </message>
    <message>
        <source>gaps</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>Each gap to the next interrupt drawn from this cost: a duration or a distribution ({&quot;uniform&quot;: [&quot;500us&quot;, &quot;1500us&quot;]})</source>
        <translation>到下一个中断的每个间隔都从此开销中抽取：一个时长或一个分布（{&quot;uniform&quot;: [&quot;500us&quot;, &quot;1500us&quot;]}）</translation>
    </message>
    <message>
        <source>gap deck</source>
        <translation>间隔牌组</translation>
    </message>
    <message>
        <source>[[gap, count], …]: every gap its count of times per cycle, in a random order</source>
        <translation>[[间隔, 次数], …]：每个周期中每个间隔按其次数出现，顺序随机</translation>
    </message>
    <message>
        <source>timestamps file</source>
        <translation>时间戳文件</translation>
    </message>
    <message>
        <source>One time a line (&quot;120us&quot;), relative to the scenario file&apos;s folder</source>
        <translation>每行一个时间（&quot;120us&quot;），路径相对于场景文件所在的文件夹</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>From a task&apos;s submit to the interrupt: a duration or a distribution</source>
        <translation>从任务的 submit 到中断：一个时长或一个分布</translation>
    </message>
    <message>
        <source>What the handler does next, in order: softirq, tasklet, thread, napi, queue_work, wake, complete steps, each with its cost and then</source>
        <translation>处理函数接下来按顺序做什么：softirq、tasklet、thread、napi、queue_work、wake、complete 步骤，各自带 cost 和 then</translation>
    </message>
    <message>
        <source>The instance&apos;s name: its lines, threads and series are named after it; a task&apos;s submit names it</source>
        <translation>实例的名称：它的中断线、线程和数据序列都以此命名；任务的 submit 引用它</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>nvme: NVMe controller behind an SMMU; i915: GPU execlists; panthor: GPU fed by the DRM scheduler; gic_bench: the GIC benchmark&apos;s SPI</source>
        <translation>nvme：SMMU 之后的 NVMe 控制器；i915：GPU execlists；panthor：由 DRM 调度器供给的 GPU；gic_bench：GIC 基准测试的 SPI</translation>
    </message>
    <message>
        <source>queues</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Completion queues, one MSI-X vector each (1–256)</source>
        <translation>完成队列，每个一个 MSI-X 向量（1–256）</translation>
    </message>
    <message>
        <source>completion</source>
        <translation>完成处理</translation>
    </message>
    <message>
        <source>nvme_irq() in hardirq, or its threaded form</source>
        <translation>nvme_irq() 在 hardirq 中运行，或其线程化形式</translation>
    </message>
    <message>
        <source>service time</source>
        <translation>服务时间</translation>
    </message>
    <message>
        <source>The controller&apos;s time for one read</source>
        <translation>控制器完成一次读取的时间</translation>
    </message>
    <message>
        <source>IOMMU</source>
        <translation>IOMMU</translation>
    </message>
    <message>
        <source>The SMMU&apos;s unmap: off, strict (TLBI and CMD_SYNC per unmap) or lazy</source>
        <translation>SMMU 的解除映射：off、strict（每次解除映射都做 TLBI 和 CMD_SYNC）或 lazy</translation>
    </message>
    <message>
        <source>fio jobs</source>
        <translation>fio 作业</translation>
    </message>
    <message>
        <source>fio-like jobs keeping the controller busy</source>
        <translation>让控制器保持忙碌的类 fio 作业</translation>
    </message>
    <message>
        <source>engines</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Execlists engines behind the one GT interrupt (1–16)</source>
        <translation>共用一个 GT 中断的 execlists 引擎（1–16）</translation>
    </message>
    <message>
        <source>bottom half</source>
        <translation>下半部</translation>
    </message>
    <message>
        <source>Where the CSB entries are processed: hardirq, HI tasklet or kthread</source>
        <translation>CSB 条目在哪里处理：hardirq、HI tasklet 或 kthread</translation>
    </message>
    <message>
        <source>submitters</source>
        <translation>提交者</translation>
    </message>
    <message>
        <source>gem_exec_nop-like submitter tasks of the instance</source>
        <translation>该实例的类 gem_exec_nop 提交任务</translation>
    </message>
    <message>
        <source>GPU job time</source>
        <translation>GPU 作业时间</translation>
    </message>
    <message>
        <source>How long the GPU runs one job</source>
        <translation>GPU 运行一个作业的时长</translation>
    </message>
    <message>
        <source>submit workqueue</source>
        <translation>提交工作队列</translation>
    </message>
    <message>
        <source>The run_job workqueue: the ordinary one, WQ_HIGHPRI or WQ_RT</source>
        <translation>run_job 工作队列：普通队列、WQ_HIGHPRI 或 WQ_RT</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Where the SPI is routed</source>
        <translation>SPI 被路由到哪里</translation>
    </message>
    <message>
        <source>The handler&apos;s work before complete()</source>
        <translation>处理函数在 complete() 之前的工作</translation>
    </message>
    <message>
        <source>INTID</source>
        <translation>INTID</translation>
    </message>
    <message>
        <source>spi only: the SPI the device is wired to (32–1019), as the board wires it</source>
        <translation>仅 spi：设备连接的 SPI（32–1019），与电路板的连线一致</translation>
    </message>
    <message>
        <source>the next free SPI from 96</source>
        <translation>从 96 起的下一个空闲 SPI</translation>
    </message>
    <message>
        <source>random stream</source>
        <translation>随机流</translation>
    </message>
    <message>
        <source>The random stream the arrivals draw from; net: the built-in card&apos;s packets</source>
        <translation>到达时间所取自的随机流；net：内置网卡的数据包</translation>
    </message>
    <message>
        <source>the source&apos;s own</source>
        <translation>该源自己的</translation>
    </message>
    <message>
        <source>The source whose arrivals (a packet, an interrupt) are followed to the task</source>
        <translation>其到达（一个数据包、一次中断）被跟踪到任务的源</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>The task that waits for the source&apos;s completion; its next run ends the sample</source>
        <translation>等待该源的 completion 的任务；它的下一个 run 结束这次测量</translation>
    </message>
    <message>
        <source>group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>The CFS task group (a cpu cgroup or an autogroup) by name; other, batch and idle only. Its weight or nice in the part&apos;s JSON</source>
        <translation>CFS 任务组（cpu cgroup 或 autogroup）的名称；仅限 other、batch 和 idle。其 weight 或 nice 写在该部件的 JSON 中</translation>
    </message>
    <message>
        <source>none: the root group</source>
        <translation>无：根组</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <source>unsupported image type &apos;%1&apos; (use .png, .svg or .pdf)</source>
        <translation>不支持的图像类型“%1”（请使用 .png、.svg 或 .pdf）</translation>
    </message>
    <message>
        <source>nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>could not encode the PNG image</source>
        <translation>无法编码 PNG 图像</translation>
    </message>
    <message>
        <source>Exported from IRQ Scope</source>
        <translation>由 IRQ Scope 导出</translation>
    </message>
</context>
<context>
    <name>ScenarioDiff</name>
    <message>
        <source>no change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>另有 %n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SchemaGroup</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>调度器</translation>
    </message>
    <message>
        <source>Softirq</source>
        <translation>Softirq</translation>
    </message>
    <message>
        <source>Workqueues</source>
        <translation>Workqueue</translation>
    </message>
    <message>
        <source>Watchdogs</source>
        <translation>Watchdog</translation>
    </message>
    <message>
        <source>Kernel costs</source>
        <translation>内核开销</translation>
    </message>
    <message>
        <source>Interrupt controller</source>
        <translation>中断控制器</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>IRQ benchmark</source>
        <translation>IRQ 基准测试</translation>
    </message>
    <message>
        <source>DRM scheduler</source>
        <translation>DRM 调度器</translation>
    </message>
    <message>
        <source>GPU (i915 execlists)</source>
        <translation>GPU（i915 execlists）</translation>
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
        <translation>不是 IRQ Scope 会话（没有 &quot;format&quot;）</translation>
    </message>
    <message>
        <source>session format %1 is not supported (this version reads %2)</source>
        <translation>不支持会话格式 %1（此版本读取 %2）</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>panel: %1</source>
        <translation>场景面板：%1</translation>
    </message>
    <message>
        <source>malformed session: %1</source>
        <translation>会话格式错误：%1</translation>
    </message>
    <message>
        <source>%1 is not JSON</source>
        <translation>%1 不是 JSON</translation>
    </message>
</context>
<context>
    <name>SettingsReader</name>
    <message>
        <source>%1 (expected %2)</source>
        <translation>%1（应为 %2）</translation>
    </message>
    <message>
        <source>true or false, found &apos;%1&apos;</source>
        <translation>true 或 false，实际为“%1”</translation>
    </message>
    <message>
        <source>a text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>a list of texts</source>
        <translation>文本列表</translation>
    </message>
    <message>
        <source>saved binary data</source>
        <translation>已保存的二进制数据</translation>
    </message>
    <message>
        <source>Ignored bad settings: %1</source>
        <translation>已忽略无效设置：%1</translation>
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
        <translation>时间</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>irqs off（中断关闭）</translation>
    </message>
</context>
<context>
    <name>TwinPairView</name>
    <message>
        <source>Time split per context, CPU %1</source>
        <translation>各上下文的时间占比，CPU %1</translation>
    </message>
    <message>
        <source>IRQ rate per line</source>
        <translation>每条中断线的中断频率</translation>
    </message>
    <message>
        <source>Softirq raise → entry</source>
        <translation>软中断 触发 → 进入</translation>
    </message>
    <message>
        <source>Workqueue queue → start</source>
        <translation>工作队列 入队 → 开始</translation>
    </message>
    <message>
        <source>Wake-up latency per task</source>
        <translation>每个任务的唤醒延迟</translation>
    </message>
    <message>
        <source>rt-app wu_lat per task</source>
        <translation>每个任务的 rt-app wu_lat</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>&lt;b&gt;Capture&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Twin&lt;/b&gt; %2 — targets met &lt;b&gt;%3 of %4&lt;/b&gt; (docs/twin.md)</source>
        <translation>&lt;b&gt;采集&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;孪生&lt;/b&gt; %2 — 达标 &lt;b&gt;%3 / %4&lt;/b&gt;（docs/twin.md）</translation>
    </message>
    <message>
        <source>%1 capture %2, twin %3 (target %4)</source>
        <translation>%1 采集 %2，孪生 %3（目标 %4）</translation>
    </message>
    <message>
        <source>Worst misses: %1</source>
        <translation>偏差最大：%1</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Twin changed&lt;/b&gt;: %1. Predicted, twin as fitted → changed: %2</source>
        <translation>&lt;b&gt;孪生已修改&lt;/b&gt;：%1。预测（拟合的孪生 → 修改后）：%2</translation>
    </message>
    <message>
        <source>no knob differs</source>
        <translation>没有参数不同</translation>
    </message>
    <message>
        <source>no metric moves</source>
        <translation>没有指标变化</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>采集</translation>
    </message>
    <message>
        <source>Twin as fitted</source>
        <translation>拟合的孪生</translation>
    </message>
    <message>
        <source>Twin</source>
        <translation>孪生</translation>
    </message>
    <message>
        <source>Twin changed</source>
        <translation>修改后的孪生</translation>
    </message>
    <message>
        <source>Changed − fitted</source>
        <translation>修改后 − 拟合</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>How far the twin is from the capture, in units of the target&apos;s tolerance: up to 1× meets it.</source>
        <translation>孪生与采集的差距，以目标容差为单位：不超过 1× 即达标。</translation>
    </message>
    <message>
        <source>%1 · met</source>
        <translation>%1 · 达标</translation>
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
        <translation>自动保存已关闭：无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Autosave is off in this window: another IRQ Scope window is running and autosaves its own edits.</source>
        <translation>此窗口的自动保存已关闭：另一个 IRQ Scope 窗口正在运行并自动保存它自己的编辑。</translation>
    </message>
    <message>
        <source>Autosave is off: cannot lock %1: %2</source>
        <translation>自动保存已关闭：无法锁定 %1：%2</translation>
    </message>
    <message>
        <source>Autosave is off: cannot write %1: %2</source>
        <translation>自动保存已关闭：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Autosave failed: %1: %2</source>
        <translation>自动保存失败：%1：%2</translation>
    </message>
    <message>
        <source>Restore unsaved scenario?</source>
        <translation>恢复未保存的场景？</translation>
    </message>
    <message>
        <source>IRQ Scope did not exit cleanly last time. Restore the scenario you were editing?</source>
        <translation>IRQ Scope 上次未正常退出。要恢复您正在编辑的场景吗？</translation>
    </message>
    <message>
        <source>An unsaved scenario from an unclean exit was not restored (it stays in %1 until the next edit).</source>
        <translation>上次非正常退出时未保存的场景没有恢复（在下次编辑之前它仍保存在 %1 中）。</translation>
    </message>
    <message>
        <source>The autosaved scenario could not be restored: %1</source>
        <translation>无法恢复自动保存的场景：%1</translation>
    </message>
    <message>
        <source>Restored the scenario autosaved before the last unclean exit.</source>
        <translation>已恢复上次非正常退出前自动保存的场景。</translation>
    </message>
</context>
<context>
    <name>irqscope::app::CompareView</name>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
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
        <translation>变化</translation>
    </message>
    <message>
        <source>Select two runs in the run list and choose Run ▸ Compare selected runs.</source>
        <translation>在运行列表中选择两次运行，然后选择 运行 ▸ 比较所选运行。</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
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
        <translation>%1%2%</translation>
    </message>
    <message>
        <source>Green: B is better than A; red: worse; uncoloured: a change that is neither (sample counts, idle and kernel-context time). Click a latency row to overlay it.</source>
        <translation>绿色：B 优于 A；红色：更差；无颜色：无所谓好坏的变化（样本数、空闲和内核上下文时间）。点击一行延迟以叠加显示。</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; = %1 &amp;nbsp; &lt;b&gt;B&lt;/b&gt; = %2&lt;br&gt;%3</source>
        <translation>&lt;b&gt;A&lt;/b&gt; = %1 &amp;nbsp; &lt;b&gt;B&lt;/b&gt; = %2&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>采集</translation>
    </message>
    <message>
        <source>Twin</source>
        <translation>孪生</translation>
    </message>
    <message>
        <source>Capture: %1</source>
        <translation>采集：%1</translation>
    </message>
    <message>
        <source>Twin: %1</source>
        <translation>孪生：%1</translation>
    </message>
</context>
<context>
    <name>irqscope::app::CpuTimePlot</name>
    <message>
        <source>% of simulated time</source>
        <translation>占模拟时间的 %</translation>
    </message>
    <message>
        <source>Time per context per CPU</source>
        <translation>每个 CPU 上各上下文的时间</translation>
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
        <translation>所有 CPU</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 个事件</translation>
    </message>
    <message>
        <source>Search events: a name (eth0, NET_RX, fio)</source>
        <translation>搜索事件：名称（eth0、NET_RX、fio）</translation>
    </message>
    <message>
        <source>every kind</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一个</translation>
    </message>
    <message>
        <source>The previous event of this kind and CPU before the selection</source>
        <translation>选中项之前、此类型和 CPU 的上一个事件</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>The next event of this kind and CPU after the selection</source>
        <translation>选中项之后、此类型和 CPU 的下一个事件</translation>
    </message>
    <message>
        <source>Longest</source>
        <translation>最长</translation>
    </message>
    <message>
        <source>Select the longest event of this kind and CPU</source>
        <translation>选中此类型和 CPU 中最长的事件</translation>
    </message>
</context>
<context>
    <name>irqscope::app::EventModel</name>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
</context>
<context>
    <name>irqscope::app::ImageExportDialog</name>
    <message>
        <source>Export image</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>The suffix picks the format: .png, .svg or .pdf</source>
        <translation>文件后缀决定格式：.png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Size (width × height):</source>
        <translation>尺寸（宽 × 高）：</translation>
    </message>
    <message>
        <source>Current view</source>
        <translation>当前视图</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>整次运行</translation>
    </message>
    <message>
        <source>Time range:</source>
        <translation>时间范围：</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Paper: one column of a paper, 17 cm wide, 8.5 pt type (a PNG at 300 dpi). Slide: 16:9 with large type and the high-contrast colours. SVG and PDF keep the physical size.</source>
        <translation>论文：论文中的一栏，宽 17 厘米，8.5 磅字体（PNG 为 300 dpi）。幻灯片：16:9，大字体和高对比度配色。SVG 和 PDF 保留实际物理尺寸。</translation>
    </message>
    <message>
        <source>Page:</source>
        <translation>页面：</translation>
    </message>
    <message>
        <source>Cursors, selection and highlights</source>
        <translation>光标、选中项和高亮</translation>
    </message>
    <message>
        <source>Only the lanes shown (filter, hidden idle CPUs)</source>
        <translation>仅显示中的通道（过滤、隐藏的空闲 CPU）</translation>
    </message>
    <message>
        <source>Draw:</source>
        <translation>绘制：</translation>
    </message>
    <message>
        <source>Printed above the lanes; empty: no title</source>
        <translation>印在通道上方；留空：无标题</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
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
        <translation>范围：%1</translation>
    </message>
    <message>
        <source>one of: %1</source>
        <translation>可选值：%1</translation>
    </message>
    <message>
        <source>Reset to default</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <source>Filter parameters (name or explanation)…</source>
        <translation>筛选参数（名称或说明）…</translation>
    </message>
    <message>
        <source>Hover or focus a parameter to read what it controls. Right-click a field to reset it.</source>
        <translation>将鼠标悬停在参数上或选中它，即可查看其作用。右键单击字段可将其重置。</translation>
    </message>
    <message>
        <source>The scenario is not valid: %1</source>
        <translation>场景无效：%1</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>未更改：%1</translation>
    </message>
    <message>
        <source>Switched off: %1 is false, so this parameter changes nothing. Tick %1 to use it.</source>
        <translation>已关闭：%1 为 false，所以此参数不起任何作用。勾选 %1 即可使用它。</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LaneBar</name>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>Pin to top</source>
        <translation>固定到顶部</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Collapse to a strip</source>
        <translation>折叠为细条</translation>
    </message>
    <message>
        <source>Hide this lane</source>
        <translation>隐藏此轨道</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source> Lanes: </source>
        <translation> 轨道： </translation>
    </message>
    <message>
        <source>CPUs or names: 0-7, fio</source>
        <translation>CPU 或名称：0-7, fio</translation>
    </message>
    <message>
        <source>Show only these lanes: CPU numbers or ranges (3, 0-7) and words in lane names (a task, an interrupt), separated by commas. A task named here gets its own lane.</source>
        <translation>只显示这些轨道：CPU 编号或范围（3、0-7）以及轨道名称中的词（任务、中断），用逗号分隔。此处写出的任务会获得自己的轨道。</translation>
    </message>
    <message>
        <source>Task lanes</source>
        <translation>任务轨道</translation>
    </message>
    <message>
        <source>A lane per task that ran: when it was on a CPU and what interrupted it</source>
        <translation>每个运行过的任务一条轨道：它何时在 CPU 上、被什么打断</translation>
    </message>
    <message>
        <source>Interrupt-line lanes</source>
        <translation>中断线轨道</translation>
    </message>
    <message>
        <source>A lane per interrupt line: pending, active and masked in the controller</source>
        <translation>每条中断线一条轨道：控制器中的 pending、active 和屏蔽状态</translation>
    </message>
    <message>
        <source>Hide idle CPUs</source>
        <translation>隐藏空闲 CPU</translation>
    </message>
    <message>
        <source>Leave out CPUs that were busy less than 0.05 % of the run (a note says which)</source>
        <translation>省略忙碌时间不足运行时长 0.05% 的 CPU（有提示说明是哪些）</translation>
    </message>
    <message>
        <source>Show all lanes</source>
        <translation>显示所有轨道</translation>
    </message>
    <message>
        <source>Undo pins, moves, collapses, hidden lanes and the filter</source>
        <translation>撤销固定、移动、折叠、隐藏的轨道和过滤</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>Follow the system locale (now: %1)</source>
        <translation>跟随系统区域设置（当前：%1）</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LatencyOverlayPlot</name>
    <message>
        <source>% of samples</source>
        <translation>样本百分比</translation>
    </message>
    <message>
        <source>latency (log scale)</source>
        <translation>延迟（对数刻度）</translation>
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
        <translation>%1：p99 %2，最大 %3（%4 个样本）</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LatencyPlot</name>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>cumulative %</source>
        <translation>累计 %</translation>
    </message>
    <message>
        <source>No latency samples in this run</source>
        <translation>本次运行没有延迟样本</translation>
    </message>
    <message numerus="yes">
        <source>Latency: %1 (%n samples)</source>
        <translation>
            <numerusform>延迟：%1（%n 个样本）</numerusform>
        </translation>
    </message>
    <message>
        <source>p50 %1 · p90 %2 · p99 %3 · p99.9 %4 · max %5</source>
        <translation>p50 %1 · p90 %2 · p99 %3 · p99.9 %4 · 最大 %5</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>累积分布 (CDF)</translation>
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
        <translation>最大值</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LessonDock</name>
    <message>
        <source>Cannot open the lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <source>Open lesson file</source>
        <translation>打开课程文件</translation>
    </message>
    <message>
        <source>Lessons (*.json);;All files (*)</source>
        <translation>课程 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Open lesson file…</source>
        <translation>打开课程文件(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Previous step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Restart lesson</source>
        <translation>重新开始课程(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;End lesson</source>
        <translation>结束课程(&amp;E)</translation>
    </message>
    <message>
        <source>Choose a lesson and press Start. Each step sets up a run, zooms to what matters and explains it; Page Down and Page Up move between steps.</source>
        <translation>选择一个课程并按“开始”。每一步都会准备一次运行、缩放到关键部分并加以讲解；用 Page Down 和 Page Up 在各步之间切换。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Open lesson file…</source>
        <translation>打开课程文件…</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LessonPanel</name>
    <message>
        <source>Question for the class</source>
        <translation>课堂提问</translation>
    </message>
    <message>
        <source>Reveal answer</source>
        <translation>显示答案</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Previous step (Page Up)</source>
        <translation>上一步 (Page Up)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Next step (Page Down)</source>
        <translation>下一步 (Page Down)</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Back to the first step (Ctrl+Home)</source>
        <translation>回到第一步 (Ctrl+Home)</translation>
    </message>
    <message>
        <source>End lesson</source>
        <translation>结束课程</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Simulating this step…</source>
        <translation>正在模拟此步骤…</translation>
    </message>
</context>
<context>
    <name>irqscope::app::LessonPlayer</name>
    <message>
        <source>the run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>the run was cancelled</source>
        <translation>运行已被取消</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>unknown lane &apos;%1&apos; (this run has: %2)</source>
        <translation>未知轨道“%1”（本次运行包含：%2）</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1：%2：%3</translation>
    </message>
</context>
<context>
    <name>irqscope::app::MachineStateView</name>
    <message>
        <source>What</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Play the timeline or click in it to see the machine state at that time.</source>
        <translation>播放时间线或在其中单击，即可查看该时刻的机器状态。</translation>
    </message>
    <message>
        <source> — this run has no state log: only the trace&apos;s contexts</source>
        <translation> — 本次运行没有状态日志：只有跟踪中的上下文</translation>
    </message>
    <message>
        <source> — not recorded after %1 (memory budget)</source>
        <translation> — %1 之后未记录（内存预算）</translation>
    </message>
    <message>
        <source>State at %1%2</source>
        <translation>%1 时的状态%2</translation>
    </message>
    <message>
        <source>nothing recorded</source>
        <translation>无记录</translation>
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
        <translation>上下文栈</translation>
    </message>
    <message numerus="yes">
        <source>%n level(s)</source>
        <translation>
            <numerusform>%n 层</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>depth %1</source>
        <translation>深度 %1</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Interrupts</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>need_resched</source>
        <translation>need_resched</translation>
    </message>
    <message>
        <source>Softirqs pending</source>
        <translation>待处理的 softirq</translation>
    </message>
    <message>
        <source>GIC running priority</source>
        <translation>GIC 运行优先级</translation>
    </message>
    <message>
        <source>Run queue</source>
        <translation>运行队列</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>clear</source>
        <translation>未置位</translation>
    </message>
    <message>
        <source>SET</source>
        <translation>已置位</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>empty — running %1</source>
        <translation>空 — 正在运行 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting — running %1</source>
        <translation>
            <numerusform>%n 个等待中 — 正在运行 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>runnable</source>
        <translation>可运行</translation>
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
        <translation>已屏蔽</translation>
    </message>
    <message>
        <source>IRQ %1 %2 → CPU %3</source>
        <translation>IRQ %1 %2 → CPU %3</translation>
    </message>
    <message>
        <source>inactive</source>
        <translation>未激活</translation>
    </message>
    <message>
        <source>Interrupt lines</source>
        <translation>中断线</translation>
    </message>
    <message>
        <source>none used</source>
        <translation>未使用</translation>
    </message>
    <message>
        <source>%1 of %2 pending, active or masked</source>
        <translation>%2 条中有 %1 条处于 pending、active 或屏蔽状态</translation>
    </message>
    <message>
        <source>pool %1 (CPU %2)</source>
        <translation>池 %1（CPU %2）</translation>
    </message>
    <message>
        <source>pool %1 (unbound)</source>
        <translation>池 %1（未绑定）</translation>
    </message>
    <message>
        <source>%1 pending · %2 busy · %3 idle · %4 workers</source>
        <translation>%1 待处理 · %2 忙 · %3 空闲 · %4 个 worker</translation>
    </message>
    <message>
        <source>Workqueue pools</source>
        <translation>Workqueue 池</translation>
    </message>
    <message>
        <source>&lt;p&gt;The machine at the player&apos;s cursor. &lt;b&gt;Interrupts OFF&lt;/b&gt;: the CPU takes no interrupt (a hardirq, or local_irq_disable). &lt;b&gt;need_resched&lt;/b&gt;: the scheduler wants to switch at the next preemption point (lazy: at the tick or on return to user). &lt;b&gt;GIC running priority&lt;/b&gt; 0xa0: an acknowledged interrupt has not had its priority dropped (EOI), so no other is signalled to this CPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;播放器光标处的机器状态。&lt;b&gt;中断关闭&lt;/b&gt;：CPU 不接受任何中断（处于 hardirq 中，或调用了 local_irq_disable）。&lt;b&gt;need_resched&lt;/b&gt;：调度器希望在下一个抢占点切换（lazy：在 tick 时或返回用户态时）。&lt;b&gt;GIC 运行优先级&lt;/b&gt; 0xa0：某个已确认的中断尚未降低其优先级 (EOI)，因此不会向此 CPU 发出其他中断信号。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>OFF</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>lazy</source>
        <translation>lazy</translation>
    </message>
    <message>
        <source>idle (0xff)</source>
        <translation>空闲 (0xff)</translation>
    </message>
    <message numerus="yes">
        <source>0xa0, %n not EOIed</source>
        <translation>
            <numerusform>0xa0，%n 个未 EOI</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>irqscope::app::MainWindow</name>
    <message>
        <source>simulating… %p%</source>
        <translation>正在模拟… %p%</translation>
    </message>
    <message>
        <source>Simulating %1…</source>
        <translation>正在模拟 %1…</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation>运行已取消。</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行列表</translation>
    </message>
    <message>
        <source>Select a run to show it and its scenario; select two and press Ctrl+M to compare them.</source>
        <translation>选择某次运行即可显示它及其场景；选择两次运行并按 Ctrl+M 进行比较。</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Cannot load preset</source>
        <translation>无法加载预设</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>%1: imported trace, %2 long</source>
        <translation>%1：导入的跟踪，时长 %2</translation>
    </message>
    <message>
        <source>Run %1: %2 simulated in %3 s, %4 events%5</source>
        <translation>运行 %1：用 %3 秒模拟了 %2，%4 个事件%5</translation>
    </message>
    <message>
        <source> (%1 trace records dropped by the memory budget)</source>
        <translation>（因内存预算丢弃了 %1 条跟踪记录）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#555&apos;&gt;Click anything on the timeline to see its full record and what caused it. Hover for a quick summary.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#555&apos;&gt;单击时间线上的任意内容，可查看其完整记录及起因。悬停可查看简要信息。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1%2 — IRQ Scope</source>
        <translation>%1%2 — IRQ Scope</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Import ftrace capture…</source>
        <translation>导入 ftrace 记录(&amp;I)…</translation>
    </message>
    <message>
        <source>Timeline &amp;image (PNG, SVG, PDF)…</source>
        <translation>时间线图像 (PNG, SVG, PDF)(&amp;I)…</translation>
    </message>
    <message>
        <source>Current &amp;metrics plot image…</source>
        <translation>当前指标图的图像(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Comparison image…</source>
        <translation>对比图像(&amp;C)…</translation>
    </message>
    <message>
        <source>Metrics as &amp;CSV…</source>
        <translation>指标导出为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Metrics as &amp;JSON…</source>
        <translation>指标导出为 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Trace for &amp;Perfetto (Chrome JSON)…</source>
        <translation>用于 Perfetto 的跟踪 (Chrome JSON)(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>复制图像(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Auto-run after each edit</source>
        <translation>每次修改后自动运行(&amp;A)</translation>
    </message>
    <message>
        <source>Co&amp;mpare selected runs</source>
        <translation>比较所选运行(&amp;M)</translation>
    </message>
    <message>
        <source>Zoom &amp;in	W</source>
        <translation>放大(&amp;I)	W</translation>
    </message>
    <message>
        <source>Zoom &amp;out	S</source>
        <translation>缩小(&amp;O)	S</translation>
    </message>
    <message>
        <source>Pan &amp;left	A</source>
        <translation>向左平移(&amp;L)	A</translation>
    </message>
    <message>
        <source>Pan &amp;right	D</source>
        <translation>向右平移(&amp;R)	D</translation>
    </message>
    <message>
        <source>&amp;Fit all</source>
        <translation>显示全部(&amp;F)</translation>
    </message>
    <message>
        <source>Zoom to &amp;selection	F</source>
        <translation>缩放到所选(&amp;S)	F</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>For&amp;ward</source>
        <translation>前进(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Keyboard and mouse…</source>
        <translation>键盘和鼠标(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;About IRQ Scope</source>
        <translation>关于 IRQ Scope(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source> Preset: </source>
        <translation> 预设： </translation>
    </message>
    <message>
        <source>Load a built-in scenario and run it</source>
        <translation>加载内置场景并运行</translation>
    </message>
    <message>
        <source>Zoom to selection</source>
        <translation>缩放到所选</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Auto-run</source>
        <translation>自动运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>Keyboard and mouse</source>
        <translation>键盘和鼠标</translation>
    </message>
    <message>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <source>zoom at the cursor</source>
        <translation>以光标为中心缩放</translation>
    </message>
    <message>
        <source>Shift + wheel</source>
        <translation>Shift + 滚轮</translation>
    </message>
    <message>
        <source>pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Shift + drag, or right-drag</source>
        <translation>Shift + 拖动，或右键拖动</translation>
    </message>
    <message>
        <source>zoom to the dragged time range</source>
        <translation>缩放到拖选的时间范围</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>select and zoom to it</source>
        <translation>选择并缩放到该项</translation>
    </message>
    <message>
        <source>W / S</source>
        <translation>W / S</translation>
    </message>
    <message>
        <source>zoom in / out</source>
        <translation>放大 / 缩小</translation>
    </message>
    <message>
        <source>A / D</source>
        <translation>A / D</translation>
    </message>
    <message>
        <source>pan left / right</source>
        <translation>向左 / 向右平移</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>zoom to the selection</source>
        <translation>缩放到所选内容</translation>
    </message>
    <message>
        <source>Home, Ctrl+0</source>
        <translation>Home、Ctrl+0</translation>
    </message>
    <message>
        <source>fit the whole run</source>
        <translation>显示整次运行</translation>
    </message>
    <message>
        <source>Backspace, Alt+Left / Alt+Right</source>
        <translation>Backspace、Alt+左 / Alt+右</translation>
    </message>
    <message>
        <source>back / forward through views</source>
        <translation>在视图历史中后退 / 前进</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>clear the selection</source>
        <translation>清除选择</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>run the scenario</source>
        <translation>运行场景</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>compare the two selected runs</source>
        <translation>比较所选的两次运行</translation>
    </message>
    <message>
        <source>F11</source>
        <translation>F11</translation>
    </message>
    <message>
        <source>presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>About IRQ Scope</source>
        <translation>关于 IRQ Scope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;IRQ Scope&lt;/h3&gt;&lt;p&gt;An explorer of Linux interrupt handling: a discrete-event simulation of hardirq, softirq, tasklets, threaded IRQs and workqueues, drawn as timelines you can change, re-run and compare.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;IRQ Scope&lt;/h3&gt;&lt;p&gt;Linux 中断处理的探索工具：对 hardirq、softirq、tasklet、线程化 IRQ 和 workqueue 进行离散事件模拟，并绘制成可修改、可重新运行、可比较的时间线。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenario files (%1);;All files (*)</source>
        <translation>场景文件 (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenario files (%1)</source>
        <translation>场景文件 (%1)</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Import ftrace capture</source>
        <translation>导入 ftrace 记录</translation>
    </message>
    <message>
        <source>ftrace text (*.txt *.trace *.dat.txt);;All files (*)</source>
        <translation>ftrace 文本 (*.txt *.trace *.dat.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot import trace</source>
        <translation>无法导入跟踪</translation>
    </message>
    <message>
        <source>there is no run to export</source>
        <translation>没有可导出的运行</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
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
        <translation>导出指标</translation>
    </message>
    <message>
        <source>Export trace for Perfetto</source>
        <translation>导出用于 Perfetto 的跟踪</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation>Chrome 跟踪 JSON (*.json)</translation>
    </message>
    <message>
        <source>Exported %1 — open it at ui.perfetto.dev</source>
        <translation>已导出 %1 — 请在 ui.perfetto.dev 中打开</translation>
    </message>
    <message>
        <source>Image copied to the clipboard.</source>
        <translation>图像已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <source>Machine state</source>
        <translation>机器状态</translation>
    </message>
    <message>
        <source>select: details and cause → effect arrows; puts the player&apos;s cursor there</source>
        <translation>选择：显示详情以及起因 → 结果箭头；并将播放器光标移到此处</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <source>play / pause the slow-motion player</source>
        <translation>播放 / 暂停慢动作播放器</translation>
    </message>
    <message>
        <source>. / ,</source>
        <translation>. / ,</translation>
    </message>
    <message>
        <source>cursor to the next / previous event on the visible lanes</source>
        <translation>将光标移到可见轨道上的下一个 / 上一个事件</translation>
    </message>
    <message>
        <source>a saved window geometry</source>
        <translation>已保存的窗口几何尺寸</translation>
    </message>
    <message>
        <source>a saved dock layout</source>
        <translation>已保存的停靠布局</translation>
    </message>
    <message>
        <source>Open sessio&amp;n…</source>
        <translation>打开会话(&amp;N)…</translation>
    </message>
    <message>
        <source>Save sessi&amp;on…</source>
        <translation>保存会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Unsaved scenario edits</source>
        <translation>未保存的场景修改</translation>
    </message>
    <message>
        <source>The scenario %1 has edits that are neither saved nor run. Save them before leaving it?</source>
        <translation>场景 %1 有既未保存也未运行的修改。离开前保存吗？</translation>
    </message>
    <message>
        <source>Unsaved runs</source>
        <translation>未保存的运行</translation>
    </message>
    <message numerus="yes">
        <source>This session has %n run(s) not saved in a session file. Save the session first?</source>
        <translation>
            <numerusform>此会话有 %n 个运行未保存到会话文件中。先保存会话吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>Opening session: run %1 of %2…</source>
        <translation>正在打开会话：第 %1 个运行，共 %2 个…</translation>
    </message>
    <message>
        <source>run #%1 could not be simulated: %2</source>
        <translation>运行 #%1 无法模拟：%2</translation>
    </message>
    <message>
        <source>run #%1 gives other metrics than when it was saved (a different engine version)</source>
        <translation>运行 #%1 得到的指标与保存时不同（引擎版本不同）</translation>
    </message>
    <message>
        <source>capture %1 of run #%2 is missing or unreadable: %3</source>
        <translation>运行 #%2 的抓取记录 %1 缺失或无法读取：%3</translation>
    </message>
    <message numerus="yes">
        <source>Opened session %1: %n run(s)</source>
        <translation>
            <numerusform>已打开会话 %1：%n 个运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened session %1 with problems: %2</source>
        <translation>已打开会话 %1，但有问题：%2</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>IRQ Scope sessions (*%1);;All files (*)</source>
        <translation>IRQ Scope 会话 (*%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Saved session %1</source>
        <translation>已保存会话 %1</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Session opened with problems</source>
        <translation>会话已打开，但有问题</translation>
    </message>
    <message>
        <source>Imported %1: %2 events understood, %3 skipped, %4 repaired</source>
        <translation>已导入 %1：识别 %2 个事件，跳过 %3 个，修复 %4 处</translation>
    </message>
    <message>
        <source> (repaired: %1)</source>
        <translation>（修复：%1）</translation>
    </message>
    <message>
        <source> (skipped: %1)</source>
        <translation>（跳过：%1）</translation>
    </message>
    <message>
        <source>; events lost by the kernel: %1</source>
        <translation>；内核丢失的事件：%1</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Ctrl + wheel, or wheel over the lane names; Up / Down</source>
        <translation>Ctrl + 滚轮，或在轨道名称上滚动滚轮；上 / 下方向键</translation>
    </message>
    <message>
        <source>scroll the lanes (when they do not all fit the height)</source>
        <translation>上下滚动轨道（轨道无法全部放入高度时）</translation>
    </message>
</context>
<context>
    <name>irqscope::app::MakeTwinDialog</name>
    <message>
        <source>Make twin from capture</source>
        <translation>由采集生成孪生</translation>
    </message>
    <message>
        <source>A twin is a scenario fitted from a real ftrace capture: its CPUs, tick, interrupt lines with their arrivals and costs, what each handler defers, and its tasks. It is run for as long as the capture lasted and shown beside it in the Compare tab.</source>
        <translation>孪生是由真实 ftrace 采集拟合出的场景：其 CPU、时钟节拍、各中断线的到达与开销、每个处理程序推迟的工作以及其任务。它运行与采集等长的时间，并在“比较”标签页中与采集并排显示。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Capture:</source>
        <translation>采集(&amp;C)：</translation>
    </message>
    <message>
        <source>ftrace text (*.txt *.trace *.dat.txt);;All files (*)</source>
        <translation>ftrace 文本 (*.txt *.trace *.dat.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>rt-app &amp;workload (optional):</source>
        <translation>rt-app 负载(&amp;W)（可选）：</translation>
    </message>
    <message>
        <source>rt-app task sets (*.json);;All files (*)</source>
        <translation>rt-app 任务集 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>the tasks are inferred from the capture</source>
        <translation>任务由采集推断</translation>
    </message>
    <message>
        <source>Make twin</source>
        <translation>生成孪生</translation>
    </message>
</context>
<context>
    <name>irqscope::app::MetricsPanel</name>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Latency of:</source>
        <translation>延迟指标：</translation>
    </message>
    <message>
        <source>Logarithmic time axis</source>
        <translation>对数时间轴</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Tasks (top)</source>
        <translation>任务 (top)</translation>
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
        <translation>IRQ 线程</translation>
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
        <translation>user（用户态）</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>idle（空闲）</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>irqs off（中断关闭）</translation>
    </message>
    <message>
        <source>ctx switches</source>
        <translation>上下文切换</translation>
    </message>
    <message>
        <source>interrupts</source>
        <translation>中断数</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>每秒</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Click a warning to show it on the timeline.</source>
        <translation>单击警告即可在时间线上显示。</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Charged CPU time</source>
        <translation>计入的 CPU 时间</translation>
    </message>
    <message>
        <source>% charged</source>
        <translation>计入占比 %</translation>
    </message>
    <message>
        <source>Own code</source>
        <translation>自身代码</translation>
    </message>
    <message>
        <source>Charged − own</source>
        <translation>计入 − 自身</translation>
    </message>
    <message>
        <source>What `top` would show: time charged to each task. With IRQ time accounting off, interrupt work is charged to whichever task it interrupted.</source>
        <translation>`top` 会显示的内容：计入每个任务的时间。关闭 IRQ 时间统计时，中断处理的时间会计入被它打断的任务。</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>警告 (%1)</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /秒</translation>
    </message>
</context>
<context>
    <name>irqscope::app::PartEditor</name>
    <message>
        <source>▸ The whole part as JSON (every field)</source>
        <translation>▸ 整个部件的 JSON（所有字段）</translation>
    </message>
    <message>
        <source>Apply JSON</source>
        <translation>应用 JSON</translation>
    </message>
    <message>
        <source>The part exactly as the scenario file holds it; Apply checks it as a file is checked.</source>
        <translation>部件在场景文件中的原样；应用时按文件的方式检查。</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>Select a part to edit it, or add one.</source>
        <translation>选择一个部件进行编辑，或添加一个。</translation>
    </message>
</context>
<context>
    <name>irqscope::app::PartsPanel</name>
    <message>
        <source>Interrupt sources</source>
        <translation>中断源</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Workqueues</source>
        <translation>工作队列</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>探针</translation>
    </message>
    <message>
        <source>Interrupt source</source>
        <translation>中断源</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Workqueue</source>
        <translation>工作队列</translation>
    </message>
    <message>
        <source>Resource (mutex, condition, barrier, completion)</source>
        <translation>资源（互斥锁、条件变量、屏障、completion）</translation>
    </message>
    <message>
        <source>Probe (a latency to measure)</source>
        <translation>探针（要测量的延迟）</translation>
    </message>
    <message>
        <source>Add ▾</source>
        <translation>添加 ▾</translation>
    </message>
    <message>
        <source>Add a part with a fresh name and working defaults</source>
        <translation>添加一个使用新名称和可用默认值的部件</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>A copy of the selected part under a fresh name</source>
        <translation>以新名称复制所选部件</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Remove the selected part (refused while another part refers to it)</source>
        <translation>删除所选部件（若有其他部件引用它则拒绝）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>These tasks come from the rt-app task set %1. Edits are saved in IRQ Scope&apos;s scenario language (File ▸ Save scenario as…), not as rt-app JSON; the rt-app file stays as it is.</source>
        <translation>这些任务来自 rt-app 任务集 %1。修改以 IRQ Scope 的场景语言保存（文件 ▸ 场景另存为…），而不是 rt-app JSON；rt-app 文件保持不变。</translation>
    </message>
    <message>
        <source>The tasks and resources of the rt-app file %1 are shown as parts. Saving writes them into this scenario in IRQ Scope&apos;s language, in place of the reference to %1.</source>
        <translation>rt-app 文件 %1 的任务和资源显示为部件。保存时它们以 IRQ Scope 的语言写入本场景，取代对 %1 的引用。</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>未更改：%1</translation>
    </message>
    <message>
        <source>expected the part as a JSON object</source>
        <translation>需要一个 JSON 对象形式的部件</translation>
    </message>
    <message>
        <source>Devices (built-in models)</source>
        <translation>设备（内置模型）</translation>
    </message>
    <message>
        <source>Device (nvme, i915, panthor, gic_bench)</source>
        <translation>设备（nvme、i915、panthor、gic_bench）</translation>
    </message>
</context>
<context>
    <name>irqscope::app::PlayerBar</name>
    <message>
        <source>Player</source>
        <translation>播放器</translation>
    </message>
    <message>
        <source>Previous event</source>
        <translation>上一个事件</translation>
    </message>
    <message>
        <source>Prev</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Step back to the previous context boundary or marker on the visible lanes (,)</source>
        <translation>后退到可见轨道上的上一个上下文边界或标记 (,)</translation>
    </message>
    <message>
        <source>Next event</source>
        <translation>下一个事件</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Step to the next context boundary or marker on the visible lanes (.)</source>
        <translation>前进到可见轨道上的下一个上下文边界或标记 (.)</translation>
    </message>
    <message>
        <source> Speed: </source>
        <translation> 速度： </translation>
    </message>
    <message>
        <source>Simulated time per real second</source>
        <translation>每真实秒对应的模拟时间</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Pause the slow-motion player (Space)</source>
        <translation>暂停慢动作播放器（空格键）</translation>
    </message>
    <message>
        <source>Play the timeline in slow motion from the cursor (Space)</source>
        <translation>从光标处以慢动作播放时间线（空格键）</translation>
    </message>
    <message>
        <source> cursor %1 </source>
        <translation> 光标 %1 </translation>
    </message>
    <message>
        <source> no cursor </source>
        <translation> 无光标 </translation>
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
        <translation>%1（导入）</translation>
    </message>
    <message>
        <source>real trace</source>
        <translation>真实跟踪</translation>
    </message>
    <message>
        <source>first run</source>
        <translation>首次运行</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>cancelled before the end</source>
        <translation>在结束前被取消</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Simulated</source>
        <translation>模拟时长</translation>
    </message>
    <message>
        <source>%1 (starved)</source>
        <translation>%1（饥饿）</translation>
    </message>
    <message>
        <source>Worst p99 of one %1 series: %2 (%3)</source>
        <translation>单个 %1 序列的最差 p99：%2（%3）</translation>
    </message>
    <message>
        <source>Largest %1 sample: %2</source>
        <translation>最大的 %1 样本：%2</translation>
    </message>
    <message>
        <source>%1 is starved: %2 samples where the other series have about %3 — its thread hardly ran, the few samples understate how long it waited</source>
        <translation>%1 处于饥饿状态：只有 %2 个样本，而其他序列约有 %3 个——它的线程几乎没有运行，这几个样本低估了它等待的时间</translation>
    </message>
    <message>
        <source>What changed in the scenario since the previous run</source>
        <translation>自上一次运行以来场景中的改动</translation>
    </message>
    <message>
        <source>The worst p99 of any one series of the first latency family (per CPU or thread), not the pooled p99; &quot;starved&quot; when a series has under a tenth of the samples of the others</source>
        <translation>第一个延迟系列族中任一单个序列（每个 CPU 或线程）的最差 p99，而不是合并后的 p99；若某序列的样本数不到其他序列的十分之一，则标为“饥饿”</translation>
    </message>
    <message>
        <source>The largest latency sample of that family</source>
        <translation>该系列族中最大的延迟样本</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>改动</translation>
    </message>
    <message>
        <source>Worst p99</source>
        <translation>最差 p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
</context>
<context>
    <name>irqscope::app::ScenarioInfo</name>
    <message>
        <source>more…</source>
        <translation>更多…</translation>
    </message>
    <message>
        <source>less</source>
        <translation>收起</translation>
    </message>
</context>
<context>
    <name>irqscope::app::ScenarioTabs</name>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Parts (%1)</source>
        <translation>部件 (%1)</translation>
    </message>
    <message>
        <source>The machine and kernel: every parameter of the scenario</source>
        <translation>机器和内核：场景的全部参数</translation>
    </message>
    <message>
        <source>The scenario&apos;s own interrupt sources, tasks, workqueues, resources, probes and placed devices</source>
        <translation>场景自己的中断源、任务、工作队列、资源、探针和放置的设备</translation>
    </message>
</context>
<context>
    <name>irqscope::app::TimelinePlot</name>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>irqs off</source>
        <translation>irqs off（中断关闭）</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
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
        <translation>状态</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>屏蔽</translation>
    </message>
    <message>
        <source>raise</source>
        <translation>触发 (raise)</translation>
    </message>
    <message>
        <source>ack</source>
        <translation>确认 (ack)</translation>
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
        <translation>解除屏蔽</translation>
    </message>
    <message>
        <source>raise softirq</source>
        <translation>触发 softirq</translation>
    </message>
    <message>
        <source>schedule tasklet</source>
        <translation>调度 tasklet</translation>
    </message>
    <message>
        <source>queue_work</source>
        <translation>queue_work</translation>
    </message>
    <message>
        <source>wake-up</source>
        <translation>唤醒</translation>
    </message>
    <message>
        <source>IPI</source>
        <translation>IPI</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Lanes (Ctrl+wheel, or the wheel over the lane names)</source>
        <translation>轨道（Ctrl + 滚轮，或在轨道名称上滚动滚轮）</translation>
    </message>
</context>
<context>
    <name>irqscope::app::TimelinePlottable</name>
    <message>
        <source>1 idle CPU hidden (CPU %1) — View ▸ Hide idle CPUs</source>
        <translation>已隐藏 1 个空闲 CPU（CPU %1）— 视图 ▸ 隐藏空闲 CPU</translation>
    </message>
    <message>
        <source>%1 idle CPUs hidden (CPU %2) — View ▸ Hide idle CPUs</source>
        <translation>已隐藏 %1 个空闲 CPU（CPU %2）— 视图 ▸ 隐藏空闲 CPU</translation>
    </message>
    <message>
        <source>idle CPUs not shown: %1</source>
        <translation>未显示的空闲 CPU：%1</translation>
    </message>
</context>
<context>
    <name>irqscope::app::TwinController</name>
    <message>
        <source>Make &amp;twin from capture…</source>
        <translation>由采集生成孪生(&amp;T)…</translation>
    </message>
    <message>
        <source>Fit a scenario of the captured machine and compare it with the capture</source>
        <translation>拟合被采集机器的场景并与采集比较</translation>
    </message>
    <message>
        <source>Make a twin of %1…</source>
        <translation>为 %1 生成孪生…</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Make twin</source>
        <translation>生成孪生</translation>
    </message>
    <message>
        <source>Fitting the twin…</source>
        <translation>正在拟合孪生…</translation>
    </message>
    <message>
        <source>Making the twin was cancelled.</source>
        <translation>已取消生成孪生。</translation>
    </message>
    <message>
        <source>Cannot make a twin</source>
        <translation>无法生成孪生</translation>
    </message>
    <message>
        <source>The fitted twin does not read back: %1</source>
        <translation>拟合出的孪生无法读回：%1</translation>
    </message>
    <message>
        <source>Fitted a twin of %1: %2 CPUs, HZ %3; running it…</source>
        <translation>已拟合 %1 的孪生：%2 个 CPU，HZ %3；正在运行…</translation>
    </message>
    <message>
        <source>Capture and twin paired in Compare runs: targets met %1 of %2</source>
        <translation>采集与孪生已在“比较运行”中配对：达标 %1 / %2</translation>
    </message>
    <message>
        <source>the twin of %1 could not be fitted again: %2</source>
        <translation>无法重新拟合 %1 的孪生：%2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Explore simulated Linux interrupt handling: timelines, what-if runs, comparisons.</source>
        <translation>探索模拟的 Linux 中断处理：时间线、假设分析运行与比较。</translation>
    </message>
    <message>
        <source>A preset name or a scenario JSON file to open.</source>
        <translation>要打开的预设名称或场景 JSON 文件。</translation>
    </message>
    <message>
        <source>Start in presentation mode (full screen, large, high contrast).</source>
        <translation>以演示模式启动（全屏、大字号、高对比度）。</translation>
    </message>
    <message>
        <source>Ignore the remembered window layout.</source>
        <translation>忽略已保存的窗口布局。</translation>
    </message>
    <message>
        <source>Start a lesson: a shipped lesson id (intro) or a lesson file.</source>
        <translation>开始一个课程：内置课程的 id（intro）或课程文件。</translation>
    </message>
    <message>
        <source>The lesson step to show first (1 is the first).</source>
        <translation>首先显示的课程步骤（1 为第一步）。</translation>
    </message>
    <message>
        <source>Quit as soon as the first run is drawn (start-up measurement).</source>
        <translation>首次运行绘制完成后立即退出（用于测量启动时间）。</translation>
    </message>
</context>
</TS>
